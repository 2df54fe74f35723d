import type { AppInfo } from '../../common/corpus/corpus-types';
import type { WorkbenchEvent } from '../../common/events';
import type { ModelAccess } from './model-access';
import type { Db } from '../db/open-corpus';
import type { Person } from '../../common/people/people';
import type { RunControl } from './run-control';
import type { Jobs } from './jobs';
import type { LiveSession } from './live-session';
import type { WriteLock } from './write-lock';

/** What every operation's handler gets besides its request; domain modules take a `Pick` of it. */
export interface HandlerContext {
  /** The reader for read operations, the writer for write operations (the operation's `access` in the contract). */
  db: Db;
  dbPath: string;
  /**
   * A read connection of the caller's own, for a read that yields between rows (an export
   * streaming to a file): on the shared reader, every other read would find the connection
   * busy until it ends. `release` closes it.
   */
  ownReader(): { db: Db; release(): void };
  shell: AppInfo['shell'];
  emit(event: WorkbenchEvent): void;
  writes: WriteLock;
  jobs: Jobs;
  /** The API key and mode model calls use. */
  model: ModelAccess;
  /** This worker process's session: whether a row's owner is alive, and the jobs it runs. */
  session: LiveSession;
  /** This worker process's runs: starting, stopping, the logs of running attempts. */
  runs: RunControl;
  /** Serve mode's signed-in person the call is made for; absent for the desktop's and the CLI's one local person. */
  person?: Person;
}
