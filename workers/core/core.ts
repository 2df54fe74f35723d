import { EventEmitter } from 'node:events';
import {
  parseRequest,
  requireOperation,
  type OperationName,
  type RequestOf,
  type ResponseOf,
  type Result,
} from '../../common/contract';
import type { AppInfo } from '../../common/domain';
import { ApiError, toErrorData } from '../../common/errors';
import type { EventListener, WorkbenchEvent } from '../../common/events';
import { ModelAccess, type AppKeySource } from '../cwm/model-access';
import { openCorpus, type Db } from '../db/open-corpus';
import { handlers, type HandlerContext } from './handlers';
import { Jobs } from './jobs';
import { WriteLock } from './write-lock';

export interface CoreOptions {
  dbPath: string;
  shell: AppInfo['shell'];
  nativeBinding?: string;
  /** Where the model's key and mode come from (default the process's environment); the sample's seeding replays with its own. */
  modelEnv?: NodeJS.ProcessEnv;
}

/**
 * The workbench's core: one open corpus and the contract's operations over it. Every shell
 * (the worker process behind Electron and serve mode, the CLI) drives it through `call`,
 * which validates the request and never throws: errors come back as `{code, message, details}`.
 */
export class Core {
  readonly db: Db;
  private readonly events = new EventEmitter();
  private readonly ctx: HandlerContext;

  constructor(options: CoreOptions) {
    this.db = openCorpus(options.dbPath, { nativeBinding: options.nativeBinding });
    const emit = (event: WorkbenchEvent) => this.events.emit('event', event);
    const model = new ModelAccess(options.modelEnv);
    this.ctx = { db: this.db, dbPath: options.dbPath, shell: options.shell, emit, writes: new WriteLock(), jobs: new Jobs(emit), model };
  }

  /** The key a shell keeps for the user (Electron main, from the OS's safe storage); null forgets it. */
  setAppKey(key: string | null, source: AppKeySource): void {
    if (key === null) this.ctx.model.clearAppKey();
    else this.ctx.model.setAppKey(key, source);
  }

  async call(name: string, request: unknown): Promise<Result<unknown>> {
    try {
      const op = requireOperation(name);
      const parsed = parseRequest(op, request);
      const handler = handlers[op] as (req: unknown, ctx: HandlerContext) => unknown;
      return { ok: true, value: await handler(parsed, this.ctx) };
    } catch (err) {
      return { ok: false, error: toErrorData(err) };
    }
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
    this.db.close();
  }
}
