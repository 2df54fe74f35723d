/**
 * The corpus operations: counts, rollouts, steps, programs, category rules and jobs. Importing and
 * exporting are corpus operations too, handled in import/ and export/, which build on this folder.
 */
import { listRules } from '../categories/category-rules';
import { saveRules } from '../categories/save-rules';
import { schemaVersion } from '../db/open-corpus';
import { corpusFacets, corpusStats, listRollouts } from './corpus-queries';
import { getProgram, getRollout, getStep, listFailures, listSteps } from './rollout-queries';
import { appVersion } from '../context/app-version';
import { written } from '../context/written';
import type { HandlersOf } from '../context/handlers-of';
import type { corpusOperations } from '../../common/corpus/corpus-operations';

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
  'rules.list': (_req, { db }) => listRules(db),
  'rules.save': (req, ctx) => written(ctx, () => saveRules(ctx.db, req)),
  'jobs.cancel': (req, { jobs }) => ({ cancelled: jobs.cancel(req.jobId) }),
} satisfies HandlersOf<Omit<typeof corpusOperations, 'import.files' | 'export.bundle'>>;
