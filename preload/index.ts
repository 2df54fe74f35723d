/**
 * The preload: exposes the typed API as `window.workbench` and nothing else. It runs
 * sandboxed, so it is bundled into one CommonJS file that requires only `electron`.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { bridgeMethods, type OperationName, type Result, type WorkbenchBridge } from '../common/contract';
import { toErrorData } from '../common/errors';
import type { EventListener, WorkbenchEvent } from '../common/events';
import { callChannel, chosenPathChannel, eventChannel } from '../common/ipc-channels';

/** Main answers every call with a `Result`; a rejected invoke (no handler yet, say) becomes one too. */
function send(name: OperationName, request: unknown): Promise<Result<unknown>> {
  return ipcRenderer.invoke(callChannel, name, request).then(
    (result: Result<unknown>) => result,
    (err: unknown): Result<unknown> => ({ ok: false, error: toErrorData(err) }),
  );
}

const workbench = {
  ...bridgeMethods(send),
  onEvent(listener: EventListener): () => void {
    // The page gets the event only, never the IpcRendererEvent, which exposes the sender.
    const handler = (_event: IpcRendererEvent, event: WorkbenchEvent) => listener(event);
    ipcRenderer.on(eventChannel, handler);
    return () => {
      ipcRenderer.removeListener(eventChannel, handler);
    };
  },
  /**
   * The path of a file the user picked or dropped, which main then lets operations name.
   * A File made in the page has no path (''), so the page cannot make main accept one.
   */
  pathForFile(file: unknown): string {
    const path = webUtils.getPathForFile(file as Parameters<typeof webUtils.getPathForFile>[0]);
    if (path !== '') ipcRenderer.sendSync(chosenPathChannel, path);
    return path;
  },
} satisfies WorkbenchBridge;

contextBridge.exposeInMainWorld('workbench', workbench);
