/**
 * The worker side of the credentials message Electron main sends with the key it keeps in
 * the OS's safe storage: a real worker process over Node's IPC channel (the utilityProcess
 * port speaks the same protocol).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '../common/contract';
import type { ModelsStatus } from '../common/model/model-types';
import { encodeWorkerArgs, type ShellMessage, type WorkerMessage } from '../common/worker-protocol';
import { useTempDir } from './test-support/temp-dir';

const workerEntry = fileURLToPath(new URL('./worker-main.ts', import.meta.url));
const storedKey = 'sk-ant-from-safe-storage-0123456789';

describe('worker credentials', () => {
  const tempDir = useTempDir();
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill();
    child = undefined;
  });

  it('uses a key handed over by the shell, forgets it on null, and never sends it back', async () => {
    const env = { ...process.env };
    delete env.ANTHROPIC_API_KEY;
    delete env.RWB_MODEL_MODE;
    const worker = fork(workerEntry, encodeWorkerArgs({ db: join(tempDir(), 'corpus.db'), shell: 'electron', seedSample: false }), {
      execArgv: ['--import', import.meta.resolve('tsx')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
      env,
    });
    child = worker;
    const received: WorkerMessage[] = [];
    const waiting = new Map<number, (result: Result<unknown>) => void>();
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        received.push(message);
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'fatal') reject(new Error(message.error.message));
        else if (message.kind === 'response') waiting.get(message.id)?.(message.result);
      });
    });
    await ready;
    let nextId = 1;
    const send = (message: ShellMessage) => worker.send(message);
    const status = (): Promise<ModelsStatus> => {
      const id = nextId++;
      const answered = new Promise<Result<unknown>>((resolve) => waiting.set(id, resolve));
      send({ kind: 'request', id, op: 'models.status', request: {} });
      return answered.then((result) => {
        if (!result.ok) throw new Error(result.error.message);
        return result.value as ModelsStatus;
      });
    };

    expect(await status()).toEqual({ hasKey: false, mode: 'live', keySource: null });
    // No wait between the two: the credentials apply to every request sent after them.
    send({ kind: 'credentials', apiKey: storedKey, source: 'safe-storage' });
    expect(await status()).toEqual({ hasKey: true, mode: 'live', keySource: 'safe-storage' });
    send({ kind: 'credentials', apiKey: null, source: 'session' });
    expect(await status()).toEqual({ hasKey: false, mode: 'live', keySource: null });
    expect(JSON.stringify(received)).not.toContain(storedKey);
  });
});
