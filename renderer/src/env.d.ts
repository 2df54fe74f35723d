import type { WorkbenchBridge } from '../../common/contract';

declare global {
  interface Window {
    /** Provided by the Electron preload; installed by `api/bridge.ts` in serve mode. */
    workbench?: WorkbenchBridge;
  }
}

export {};
