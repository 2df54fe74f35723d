import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'workers/**/*.test.ts', 'scripts/**/*.test.ts', 'renderer/**/*.test.ts', 'main/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
  },
});
