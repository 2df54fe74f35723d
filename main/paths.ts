/**
 * Where the built app's parts live. Everything is resolved from this file's own folder
 * (`out/main/` once bundled), so the app works from any working directory.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;

/** The worker bundle electron-vite emits next to the main bundle (`main.input.worker`). */
export const workerEntry = join(here, 'worker.js');

/** The preload, bundled into one CommonJS file because a sandboxed preload cannot require modules. */
export const preloadEntry = join(here, '..', 'preload', 'index.cjs');

/** The built renderer, served to the window over the app scheme. */
export const rendererDir = join(here, '..', 'renderer');

/**
 * Folder holding better-sqlite3 built for this exact Electron, platform and architecture.
 * `scripts/electron-native.js` fills it; the folder name must stay in step with that script.
 */
export const electronNativeDir = join(here, '..', '..', '.electron-native', `electron-${process.versions.electron}-${process.platform}-${process.arch}`);

/**
 * The Electron build of better-sqlite3's addon, if it has been fetched. The worker runs on
 * Electron's Node, whose ABI differs from the system Node that `npm install` compiled for.
 */
export function electronNativeBinding(): string | undefined {
  const path = join(electronNativeDir, 'better_sqlite3.node');
  return existsSync(path) ? path : undefined;
}
