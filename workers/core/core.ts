import { EventEmitter } from 'node:events';
import { operations, parseRequest, requireOperation, type OperationName, type RequestOf, type ResponseOf, type Result } from '../../common/contract';
import type { AppInfo } from '../../common/corpus/corpus-types';
import { ApiError, toErrorData } from '../../common/errors';
import type { EventListener, WorkbenchEvent } from '../../common/events';
import { ModelAccess, type AppKeySource } from '../context/model-access';
import { openCorpus, openCorpusReader, writerBusyTimeoutMs, type Db } from '../db/open-corpus';
import type { HandlerContext } from '../context/handler-context';
import { handlers } from './handlers';
import { Jobs } from '../context/jobs';
import { workerSession } from '../context/live-session';
import { RunService } from '../runs/run-service/run-service';
import { reconcileEveryMs, reconcileOwners } from './reconcile-owners';
import { WriteLock } from '../context/write-lock';
import { WrittenTables } from '../db/written-tables';
import type { CorpusTable } from '../../common/corpus-tables';
import type { Person } from '../../common/people/people';
import { getSettings } from '../labels/user-settings';
import { blindAnswer } from '../people/blind-answers';
import { isAuthored, recordAuthor } from '../people/record-author';
import { guardRequest, isBlind, requireRole } from '../people/session-guard';

export interface CoreOptions {
  dbPath: string;
  shell: AppInfo['shell'];
  nativeBinding?: string;
  /** Opens the corpus without writing (a corpus on a network filesystem, a shared copy): every write is refused with `read_only`. */
  readonly?: boolean;
  /** Where the model's key and mode come from (default the process's environment); the sample's seeding replays with its own. */
  modelEnv?: NodeJS.ProcessEnv;
  /**
   * Told when an operation writes a table its contract entry does not declare: by default an
   * error on stderr, or, with RWB_UNDECLARED_WRITES=throw (as the tests run), the write fails,
   * so a write that outgrew its declaration fails every test that makes it.
   */
  onUndeclaredWrite?: (op: OperationName, table: CorpusTable) => void;
}

/**
 * The workbench's core: one open corpus and the contract's operations over it. Every shell
 * (the worker process behind Electron and serve mode, the CLI) drives it through `call`,
 * which validates the request and never throws: errors come back as `{code, message, details}`.
 *
 * Two connections: the writer (every write, under the write lock) and a read-only reader,
 * which every read operation gets (its `access` in the contract), so a read sees only committed rows and never
 * waits for a write, however long.
 */
export class Core {
  /** The writer connection. */
  readonly db: Db;
  /** The read-only connection reads go through (the writer itself for an in-memory corpus). */
  readonly reader: Db;
  private readonly events = new EventEmitter();
  private readonly ctx: HandlerContext;
  private readonly readCtx: HandlerContext;
  private readonly reconciler: NodeJS.Timeout | undefined;
  private readonly readonly: boolean;
  private readonly onUndeclaredWrite: (op: OperationName, table: CorpusTable) => void;
  private closed = false;

  constructor(options: CoreOptions) {
    this.readonly = options.readonly ?? false;
    this.db = openCorpus(options.dbPath, { nativeBinding: options.nativeBinding, readonly: this.readonly });
    this.reader = this.db.memory ? this.db : openCorpusReader(options.dbPath, options.nativeBinding);
    const emit = (event: WorkbenchEvent) => this.events.emit('event', event);
    this.onUndeclaredWrite = options.onUndeclaredWrite ?? (process.env.RWB_UNDECLARED_WRITES === 'throw' ? refuseUndeclaredWrite : reportUndeclaredWrite);
    const model = new ModelAccess(options.modelEnv);
    const ownReader = () =>
      this.db.memory
        ? { db: this.db, release: () => undefined }
        : ((db: Db) => ({ db, release: () => db.close() }))(openCorpusReader(options.dbPath, options.nativeBinding));
    const shared = {
      dbPath: options.dbPath,
      ownReader,
      shell: options.shell,
      emit,
      writes: new WriteLock(this.db, { written: new WrittenTables(this.db), emit }),
      jobs: new Jobs(emit),
      model,
      session: workerSession,
      runs: new RunService(workerSession),
    };
    this.ctx = { ...shared, db: this.db };
    this.readCtx = { ...shared, db: this.reader };
    // What dead owners left running is recorded before the first request (or, while another
    // process is writing, as soon as it is done), then again in the background as other
    // processes on the corpus come and go. A read-only core leaves that to the processes that write.
    if (this.readonly) return;
    this.reconcileUnlessBusy();
    this.reconciler = setInterval(() => this.reconcileInBackground(), reconcileEveryMs);
    this.reconciler.unref();
  }

  private reconcileUnlessBusy(): void {
    this.db.pragma('busy_timeout = 0');
    try {
      reconcileOwners(this.ctx);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_BUSY') this.reconcileInBackground();
      else console.error(`rwb: recording runs of stopped workers failed: ${(err as Error).message}`);
    } finally {
      this.db.pragma(`busy_timeout = ${writerBusyTimeoutMs}`);
    }
  }

  private reconcileInBackground(): void {
    this.reconcile().catch((err: unknown) => console.error(`rwb: recording runs of stopped workers failed: ${(err as Error).message}`));
  }

  /** One pass of the background reconciliation, under the write lock. */
  reconcile(): Promise<void> {
    // A pass waiting for the write lock (a long import's) may be overtaken by the corpus closing: then there is nothing to record.
    return this.ctx.writes
      .run(async () => {
        if (!this.closed) reconcileOwners(this.ctx);
      })
      .catch((err: unknown) => {
        if (!this.closed) throw err;
      });
  }

  /** The key a shell keeps for the user (Electron main, from the OS's safe storage); null forgets it. */
  setAppKey(key: string | null, source: AppKeySource): void {
    if (key === null) this.ctx.model.clearAppKey();
    else this.ctx.model.setAppKey(key, source);
  }

  /**
   * Runs one operation. `person` is serve mode's signed-in person: their role is checked, the
   * request may name only them, blind mode filters the answer, and what they make is theirs.
   * Without one, the call is the local person's (the desktop's, the CLI's): an admin.
   */
  async call(name: string, request: unknown, person?: Person): Promise<Result<unknown>> {
    try {
      const op = requireOperation(name);
      if (person) requireRole(op, person);
      const base = operations[op].access === 'read' ? this.readCtx : this.writeCtx(op);
      const parsed = person ? guardRequest(op, parseRequest(op, request), person, base.db) : parseRequest(op, request);
      const handler = handlers[op] as (req: unknown, ctx: HandlerContext) => unknown;
      if (operations[op].access === 'write' && this.readonly)
        throw new ApiError('read_only', `${op} writes, and this corpus was opened read-only (${this.ctx.dbPath})`);
      const ctx = person ? { ...base, person } : base;
      const value = (await handler(parsed, ctx)) as ResponseOf<typeof op>;
      if (isAuthored(op)) await this.stampAuthor(op, value, base, person);
      return { ok: true, value: person && isBlind(person, base.db) ? blindAnswer(op, value, base.db, person.name) : value };
    } catch (err) {
      return { ok: false, error: toErrorData(err) };
    }
  }

  /** The writer's context for one write operation: its turns are checked against the tables it declares. */
  private writeCtx(op: OperationName): HandlerContext {
    const scope = { tables: operations[op].tables, undeclared: (table: CorpusTable) => this.onUndeclaredWrite(op, table) };
    return { ...this.ctx, writes: this.ctx.writes.forOperation(scope) };
  }

  private stampAuthor<K extends OperationName>(op: K, value: ResponseOf<K>, ctx: HandlerContext, person: Person | undefined): Promise<void> {
    return ctx.writes.run(async () => {
      const author = person?.name ?? getSettings(this.db).annotator;
      if (author !== null) recordAuthor(this.db, op, author, value);
    });
  }

  /** Typed call for in-process callers (CLI, tests): resolves the value or throws the typed error. */
  async invoke<K extends OperationName>(name: K, request: RequestOf<K>): Promise<ResponseOf<K>> {
    const result = await this.call(name, request);
    if (!result.ok) throw new ApiError(result.error.code, result.error.message, result.error.details);
    return result.value as ResponseOf<K>;
  }

  onEvent(listener: EventListener): () => void {
    this.events.on('event', listener);
    return () => this.events.off('event', listener);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.reconciler);
    if (this.reader !== this.db) this.reader.close();
    this.db.close();
  }
}

const undeclaredWrite = (op: OperationName, table: CorpusTable) =>
  `${op} wrote ${table}, a table its entry in the contract does not declare (common/*/*-operations.ts)`;

function reportUndeclaredWrite(op: OperationName, table: CorpusTable): void {
  console.error(`rwb: ${undeclaredWrite(op, table)}`);
}

function refuseUndeclaredWrite(op: OperationName, table: CorpusTable): void {
  throw new ApiError('internal', undeclaredWrite(op, table));
}
