/**
 * The IPC boundary between the window and main. One handler answers every operation, so the
 * sender check, the validation against the contract and the error shape are the same for all.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { parseRequest, requireOperation, type OperationName, type Result } from '../common/contract';
import { toErrorData } from '../common/errors';
import type { WorkbenchEvent } from '../common/events';
import type { WorkerHost } from './worker-host';
import { callChannel, eventChannel } from '../common/ipc-channels';

/** Channel names; `preload/index.ts` uses the same two strings. */

/** Operations main answers itself (what needs Electron, like the OS's safe storage); undefined passes the call on to the worker. */
export type ShellOperations = (op: OperationName, request: unknown) => Promise<Result<unknown>> | undefined;

/**
 * Answers `workbench:call` from trusted frames only. The operation name and request are
 * untrusted: the name is resolved and the request validated against the contract before the
 * worker sees them, and every failure comes back as a `Result` because thrown errors lose
 * their fields crossing IPC. Returns the function that removes the handler.
 */
export function handleWorkbenchCalls(
  host: Pick<WorkerHost, 'call'>,
  isTrusted: (event: IpcMainInvokeEvent) => boolean,
  shellOperations: ShellOperations = () => undefined,
): () => void {
  ipcMain.handle(callChannel, async (event, name: unknown, request: unknown): Promise<Result<unknown> | undefined> => {
    if (!isTrusted(event)) {
      console.warn(`ipc: dropped a call from an untrusted frame (${event.senderFrame?.url ?? 'no frame'})`);
      return undefined;
    }
    try {
      const op = requireOperation(typeof name === 'string' ? name : String(name));
      const parsed = parseRequest(op, request);
      return await (shellOperations(op, parsed) ?? host.call(op, parsed));
    } catch (err) {
      return { ok: false, error: toErrorData(err) };
    }
  });
  return () => ipcMain.removeHandler(callChannel);
}

/** Sends the worker's events to the window current at the time of each event. */
export function forwardEvents(
  host: Pick<WorkerHost, 'onEvent'>,
  target: () => WebContents | undefined,
): () => void {
  return host.onEvent((event: WorkbenchEvent) => {
    const webContents = target();
    if (webContents && !webContents.isDestroyed()) webContents.send(eventChannel, event);
  });
}
