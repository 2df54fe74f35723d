import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(root, 'main/index.ts'),
          worker: resolve(root, 'workers/worker-main.ts'),
          cli: resolve(root, 'workers/cli.ts'),
          // The bundle reader thread of a large import (workers/import/bundle-reader-worker.ts finds it beside its chunk).
          'import-reader': resolve(root, 'workers/import/bundle-reader-thread.ts'),
          // Serve's thread for large API bodies (workers/serve/body-thread.ts finds it beside its chunk).
          'body-check': resolve(root, 'workers/serve/body-check-thread.ts'),
        },
        // Shared chunks sit beside the entries, not in a subfolder: the core finds the renderer,
        // the worker and the sample corpus by paths relative to its own module, two levels below
        // the repository root both in the sources and here.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require node_modules: bundle everything into one CommonJS file.
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve(root, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      // electron-vite leaves the renderer unminified; Monaco alone would be 5 MB instead of 2.8 MB.
      minify: true,
      rollupOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
});
