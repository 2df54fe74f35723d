/**
 * The parts of the `electron` module main uses, as plain objects the tests drive: `vi.mock('electron',
 * () => import('./test-support/fake-electron'))`. Electron itself cannot run in these tests (no
 * binary, no display); what is tested is main's own logic at the edge of Electron's API.
 */
import { EventEmitter } from 'node:events';
import type { ShellMessage, WorkerMessage } from '../../common/worker-protocol';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

/** `ipcMain`: records the handlers main registers so a test can invoke them as a renderer would. */
class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, Handler>();
  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`a second handler for ${channel}`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  invoke(channel: string, event: unknown, ...args: unknown[]): unknown {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, ...args);
  }
}
export const ipcMain = new FakeIpcMain();

/** One forked utilityProcess: what main posted to it, and a way to answer as the worker would. */
export class FakeUtilityProcess extends EventEmitter {
  readonly posted: ShellMessage[] = [];
  killed = false;
  constructor(
    readonly path: string,
    readonly args: string[],
  ) {
    super();
  }
  postMessage(message: ShellMessage): void {
    if (this.killed) throw new Error('posted to a killed process');
    this.posted.push(message);
  }
  kill(): boolean {
    this.killed = true;
    this.emit('exit', 0);
    return true;
  }
  /** The worker sends `message` to main. */
  reply(message: WorkerMessage): void {
    this.emit('message', message);
  }
  /** The worker dies with `code`. */
  crash(code = 1): void {
    this.killed = true;
    this.emit('exit', code);
  }
}

export const forked: FakeUtilityProcess[] = [];
export const utilityProcess = {
  fork(path: string, args: string[]): FakeUtilityProcess {
    const child = new FakeUtilityProcess(path, args);
    forked.push(child);
    return child;
  },
};

/**
 * `safeStorage` with a settable backend. "Encryption" is Chromium's `v11` prefix and the bytes
 * reversed, so a stored file never holds the key as written, and other data fails to decrypt.
 */
export const safeStorageState = { available: true, backend: 'gnome_libsecret' as string };
const prefix = Buffer.from('v11');
export const safeStorage = {
  isEncryptionAvailable: () => safeStorageState.available,
  getSelectedStorageBackend: () => safeStorageState.backend,
  encryptString: (text: string) => Buffer.concat([prefix, Buffer.from(text, 'utf8').reverse()]),
  decryptString: (data: Buffer) => {
    if (!data.subarray(0, prefix.length).equals(prefix)) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(data.subarray(prefix.length)).reverse().toString('utf8');
  },
};

export const app = { isPackaged: true };

export const dialog = {
  showOpenDialog: async () => ({ canceled: true, filePaths: [] as string[] }),
  showMessageBox: async () => ({ response: 0 }),
};
