import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'workers/**/*.test.ts', 'scripts/**/*.test.ts', 'renderer/**/*.test.ts', 'main/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Much of the suite's wall time is waiting on real processes (sshd, Slurm, PTYs, servers);
    // Vitest's default of one fork per core minus one left a 2-core machine half idle. A third
    // fork made the CPU-bound files slower than it made the waiting ones faster.
    maxWorkers: 2,
    // A bound for a hang, not a wait: tests wait on events and state. Runner tests with a real
    // sshd and Slurm took over 30 s on a 2-core machine under full load, so a test gets 120 s.
    // No retries: a test that needs one is a bug to fix.
    testTimeout: 120_000,
    retry: 0,
    // A write to a table its operation does not declare fails the test that makes it (workers/core/core.ts).
    env: { RWB_UNDECLARED_WRITES: 'throw' },
  },
});
