import { Worker, type ResourceLimits } from 'node:worker_threads';
import { isTypeScriptSource } from './source-module';

/**
 * Starts a worker thread on one of our entries. Running from the build, `built` names the
 * entry electron-vite writes beside the calling chunk (electron.vite.config.ts); running from
 * the sources, `source` is the TypeScript entry, loaded through tsx's loader registered inside
 * the thread (a worker does not take `--import` in its execArgv on every Node this runs on).
 * Both are relative to `callerUrl`, the caller's `import.meta.url`; `resourceLimits` size the
 * thread's heap.
 */
export function startThread(callerUrl: string, built: string, source: string, workerData?: unknown, resourceLimits?: ResourceLimits): Worker {
  if (!isTypeScriptSource(callerUrl)) return new Worker(new URL(built, callerUrl), { workerData, resourceLimits });
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL(source, callerUrl).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}
