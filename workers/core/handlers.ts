import type { OperationName, ParsedRequestOf, ResponseOf } from '../../common/contract';
import type { WorkbenchEvent } from '../../common/events';
import type { AppInfo } from '../../common/domain';
import { schemaVersion, type Db } from '../db/open-corpus';
import { exportBundle } from '../export/bundle-export';
import { importFile } from '../import/import-file';
import { corpusFacets, corpusStats, listRollouts } from '../queries/corpus-queries';
import { getProgram, getRollout, getStep, listFailures, listSteps } from '../queries/rollout-queries';
import { appVersion } from './app-version';
import type { WriteLock } from './write-lock';

export interface HandlerContext {
  db: Db;
  dbPath: string;
  shell: AppInfo['shell'];
  emit(event: WorkbenchEvent): void;
  writes: WriteLock;
}

type Handler<K extends OperationName> = (request: ParsedRequestOf<K>, ctx: HandlerContext) => ResponseOf<K> | Promise<ResponseOf<K>>;
export type Handlers = { [K in OperationName]: Handler<K> };

const importedTables = ['rollouts', 'steps', 'program_versions', 'failure_events', 'rubrics', 'libraries', 'labels'];

/** The implementation of every operation of the contract; the compiler checks none is missing. */
export const handlers: Handlers = {
  'app.info': (_req, ctx) => ({ appVersion, dbPath: ctx.dbPath, schemaVersion: schemaVersion(ctx.db), shell: ctx.shell }),
  'corpus.stats': (_req, { db }) => corpusStats(db),
  'corpus.facets': (_req, { db }) => corpusFacets(db),
  'rollouts.list': (req, { db }) => listRollouts(db, req),
  'rollouts.get': (req, { db }) => getRollout(db, req.id),
  'steps.list': (req, { db }) => listSteps(db, req.rollout),
  'steps.get': (req, { db }) => getStep(db, req.rollout, req.index),
  'failures.list': (req, { db }) => listFailures(db, req.rollout),
  'programs.get': (req, { db }) => getProgram(db, req.rollout, req.path, req.version),
  'import.files': (req, ctx) =>
    ctx.writes.run(async () => {
      const jobId = `import-${Date.now().toString(36)}`;
      const files = [];
      const progress = (phase: 'running' | 'done' | 'failed', done: number, message: string) =>
        ctx.emit({ type: 'job:progress', jobId, kind: 'import', phase, done, total: req.paths.length, message });
      try {
        for (const [i, path] of req.paths.entries()) {
          progress('running', i, `importing ${path}`);
          files.push(await importFile(ctx.db, path, { format: req.format }));
          ctx.emit({ type: 'db:changed', tables: importedTables });
        }
      } catch (err) {
        progress('failed', files.length, (err as Error).message);
        throw err;
      }
      progress('done', req.paths.length, `imported ${req.paths.length} file(s)`);
      return { files };
    }),
  'export.bundle': (req, { db }) => exportBundle(db, req.out),
};
