/**
 * The IPC boundary between the window and main. One handler answers every operation, so the
 * sender check, the validation against the contract and the error shape are the same for all.
 */
import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { parseRequest, requireOperation, type OperationName, type Result } from '../common/contract';
import { toErrorData } from '../common/errors';
import type { WorkbenchEvent } from '../common/events';
import type { WorkerHost } from './worker-host';
import { callChannel, chosenPathChannel, eventChannel } from '../common/ipc-channels';
import type { ChosenPaths } from './chosen-paths';

/** Operations main answers itself (what needs Electron, like the OS's safe storage); undefined passes the call on to the worker. */
export type ShellOperations = (op: OperationName, request: unknown) => Promise<Result<unknown>> | undefined;

/**
 * Answers `workbench:call` from trusted frames only. The operation name and request are
 * untrusted: the name is resolved, the request validated against the contract and its
 * filesystem paths checked against the files the user chose, all before the worker sees
 * them; every failure comes back as a `Result` because thrown errors lose their fields
 * crossing IPC. Also records the files the preload reports as chosen. Returns the function
 * that removes both handlers.
 */
export function handleWorkbenchCalls(
  host: Pick<WorkerHost, 'call'>,
  isTrusted: (event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>) => boolean,
  chosen: ChosenPaths,
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
      chosen.check(op, parsed);
      return await (shellOperations(op, parsed) ?? host.call(op, parsed));
    } catch (err) {
      return { ok: false, error: toErrorData(err) };
    }
  });
  // Synchronous, so the path is known before the call that names it, which follows on another channel.
  const onChosen = (event: IpcMainEvent, path: unknown): void => {
    if (isTrusted(event)) chosen.add(path);
    else console.warn(`ipc: ignored a chosen file from an untrusted frame (${event.senderFrame?.url ?? 'no frame'})`);
    event.returnValue = null;
  };
  ipcMain.on(chosenPathChannel, onChosen);
  return () => {
    ipcMain.removeHandler(callChannel);
    ipcMain.removeListener(chosenPathChannel, onChosen);
  };
}

/** Sends the worker's events to the window current at the time of each event. */
export function forwardEvents(host: Pick<WorkerHost, 'onEvent'>, target: () => WebContents | undefined): () => void {
  return host.onEvent((event: WorkbenchEvent) => {
    const webContents = target();
    if (webContents && !webContents.isDestroyed()) webContents.send(eventChannel, event);
  });
}
