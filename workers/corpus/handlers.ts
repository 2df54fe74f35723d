/** The corpus operations: counts, rollouts, steps, programs, imports, category rules, exports and jobs. */
import { listRules } from '../categories/category-rules';
import { saveRules } from '../categories/save-rules';
import { schemaVersion } from '../db/open-corpus';
import { exportBundleTo } from '../export/bundle-export';
import { corpusFacets, corpusStats, listRollouts } from './corpus-queries';
import { getProgram, getRollout, getStep, listFailures, listSteps } from './rollout-queries';
import { compareRollouts } from '../compare-rollouts/compare-rollouts-query';
import { appVersion } from '../context/app-version';
import { runImportJob } from '../import/import-job';
import { written } from '../context/written';
import type { HandlersOf } from '../context/handlers-of';
import type { corpusOperations } from '../../common/corpus/corpus-operations';
import type { compareRolloutsOperations } from '../../common/corpus/compare-rollouts-operations';

export const corpusHandlers = {
  'app.info': (_req, ctx) => ({ appVersion, dbPath: ctx.dbPath, schemaVersion: schemaVersion(ctx.db), shell: ctx.shell }),
  'corpus.stats': (_req, { db }) => corpusStats(db),
  'corpus.facets': (_req, { db }) => corpusFacets(db),
  'rollouts.list': (req, { db }) => listRollouts(db, req),
  'rollouts.get': (req, { db }) => getRollout(db, req.id),
  'steps.list': (req, { db }) => listSteps(db, req.rollout, req.offset, req.limit),
  'steps.get': (req, { db }) => getStep(db, req.rollout, req.index),
  'failures.list': (req, { db }) => listFailures(db, req.rollout),
  'programs.get': (req, { db }) => getProgram(db, req.rollout, req.path, req.version),
  'import.files': (req, ctx) => runImportJob(req, ctx),
  'rules.list': (_req, { db }) => listRules(db),
  'rules.save': (req, ctx) => written(ctx, () => saveRules(ctx.db, req)),
  'jobs.cancel': (req, { jobs }) => ({ cancelled: jobs.cancel(req.jobId) }),
  'export.bundle': (req, { ownReader, dbPath }) => exportBundleTo(ownReader, dbPath, req.out),
  'rollouts.compare': (req, { db }) => compareRollouts(db, req.a, req.b),
} satisfies HandlersOf<typeof corpusOperations & typeof compareRolloutsOperations>;
