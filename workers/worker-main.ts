/**
 * The worker process: owns the corpus and runs every operation. Started by Electron main as
 * a utilityProcess and by serve mode as a Node child process; it speaks the same protocol
 * over whichever channel it has and exits when its parent goes away.
 */
import { parseArgs } from 'node:util';
import type { Result } from '../common/contract';
import type { ShellMessage, WorkerArgs, WorkerMessage } from '../common/worker-protocol';
import { toErrorData } from '../common/errors';
import { Core } from './core/core';
import { ensureSampleCorpus } from './core/sample-corpus';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Electron's utilityProcess exposes `process.parentPort`; a Node fork has `process.send`. */
function channel(): { send(message: WorkerMessage): void; onMessage(listener: (message: ShellMessage) => void): void } {
  const port = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (port) {
    return {
      send: (message) => port.postMessage(message),
      onMessage: (listener) => port.on('message', (event) => listener(event.data as ShellMessage)),
    };
  }
  if (!process.send) throw new Error('worker-main must be started as a child process with an IPC channel');
  process.on('disconnect', () => process.exit(0));
  return {
    send: (message) => process.send!(message),
    onMessage: (listener) => process.on('message', (message) => listener(message as ShellMessage)),
  };
}

function readArgs(): WorkerArgs {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      shell: { type: 'string' },
      'seed-sample': { type: 'boolean', default: false },
      'native-binding': { type: 'string' },
      'read-only': { type: 'boolean', default: false },
    },
  });
  if (!values.db) throw new Error('worker-main: --db is required');
  return {
    db: values.db,
    shell: values.shell === 'electron' ? 'electron' : 'serve',
    seedSample: values['seed-sample'] ?? false,
    nativeBinding: values['native-binding'],
    readonly: values['read-only'] ?? false,
  };
}

async function main(): Promise<void> {
  const port = channel();
  let core: Core;
  try {
    const args = readArgs();
    if (args.seedSample) await ensureSampleCorpus(args.db, args.nativeBinding);
    core = new Core({ dbPath: args.db, shell: args.shell, nativeBinding: args.nativeBinding, readonly: args.readonly });
  } catch (err) {
    port.send({ kind: 'fatal', error: toErrorData(err) });
    setTimeout(() => process.exit(1), 50);
    return;
  }
  /** A result that cannot be sent (not cloneable, say) becomes the request's typed error instead of ending the worker. */
  const respond = (id: number, result: Result<unknown>) => {
    try {
      port.send({ kind: 'response', id, result });
    } catch (err) {
      port.send({
        kind: 'response',
        id,
        result: { ok: false, error: { code: 'internal', message: `the answer could not be sent (${(err as Error).message})` } },
      });
    }
  };
  core.onEvent((event) => port.send({ kind: 'event', event }));
  port.onMessage((message) => {
    if (message?.kind === 'credentials') core.setAppKey(message.apiKey, message.source);
    else if (message?.kind === 'request') void core.call(message.op, message.request, message.person).then((result) => respond(message.id, result));
  });
  port.send({ kind: 'ready' });
}

void main();
