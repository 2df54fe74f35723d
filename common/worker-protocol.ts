/**
 * Messages between a shell (Electron main, or the serve-mode server) and the worker process
 * that owns the corpus. The same protocol runs over Electron's utilityProcess port and over
 * Node's child-process IPC channel.
 */
import type { Result } from './contract';
import type { ApiErrorData } from './errors';
import type { WorkbenchEvent } from './events';
import type { Person } from './people/people';

export interface WorkerRequest {
  kind: 'request';
  id: number;
  op: string;
  request: unknown;
  /** Serve mode's signed-in person the call is made for (the server decides it from the session, never the client). */
  person?: Person;
}

/**
 * The API key a shell keeps for the user (Electron main, from the OS's safe storage, or for
 * the session when the OS has none); null forgets it. Sent before any request it must apply to.
 */
export interface WorkerCredentials {
  kind: 'credentials';
  apiKey: string | null;
  source: 'safe-storage' | 'session';
}

/** What a shell sends the worker. */
export type ShellMessage = WorkerRequest | WorkerCredentials;

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'fatal'; error: ApiErrorData }
  | { kind: 'response'; id: number; result: Result<unknown> }
  | { kind: 'event'; event: WorkbenchEvent };

/** Command-line arguments the worker is started with. */
export interface WorkerArgs {
  db: string;
  shell: 'electron' | 'serve';
  /** Import the bundled sample corpus when the corpus file does not exist yet. */
  seedSample: boolean;
  nativeBinding?: string;
  /** Open the corpus without writing: every write is refused with `read_only`. */
  readonly?: boolean;
}

export function encodeWorkerArgs(args: WorkerArgs): string[] {
  const out = ['--db', args.db, '--shell', args.shell];
  if (args.seedSample) out.push('--seed-sample');
  if (args.nativeBinding) out.push('--native-binding', args.nativeBinding);
  if (args.readonly) out.push('--read-only');
  return out;
}
