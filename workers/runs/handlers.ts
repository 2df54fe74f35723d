/** The re-execution operations: cases, experiments, runs, attempts, hosts, comparisons and leaderboards. */
import { attemptDiagnosis } from './attempt-diagnosis-query';
import { programReruns } from './program-reruns-query';
import { compareArms, researchComparison } from './compare-query';
import { attachLeaderboard } from './leaderboard-queries';
import { createCase, listCases } from './case-queries';
import { createExperiment, getExperiment, listExperiments } from './run-experiments';
import { attemptLog } from './run-attempts';
import { deleteHost, getLocalHost, listHosts, saveHost, saveLocalHost } from './run-hosts';
import { rerun } from './runners/rerun';
import { pruneRunsFolders, runsDiskUse } from './runs-folders';
import { written } from '../context/written';
import type { HandlersOf } from '../context/handlers-of';
import type { runOperations } from '../../common/runs/run-operations';

export const runHandlers = {
  'leaderboards.attach': (req, ctx) => ctx.writes.run(() => attachLeaderboard(ctx.db, req.task, req.path)),
  'experiments.compare': (req, { db }) => compareArms(db, req.experiment, req.a, req.b),
  'experiments.research': (req, { db }) => researchComparison(db, req.experiment),
  'cases.create': (req, ctx) => written(ctx, () => createCase(ctx.db, req)),
  'cases.list': (req, { db }) => listCases(db, req),
  'experiments.create': (req, ctx) => written(ctx, () => createExperiment(ctx.db, req)),
  'experiments.list': (_req, { db }) => listExperiments(db),
  // A read: attempts a dead worker left running are recorded unknown by the core's reconciliation.
  'experiments.get': (req, { db }) => getExperiment(db, req.id),
  'runs.start': (req, ctx) => ctx.runs.start(req, ctx),
  'runs.rerun': (req, ctx) => rerun(req, ctx),
  'runs.cancel': (req, { jobs, runs }) => ({ cancelled: runs.isLive(req.jobId) && jobs.cancel(req.jobId) }),
  'runs.stop': (req, { runs }) => ({ stopping: runs.stop(req.jobId) }),
  'runs.diskUse': (_req, { db, dbPath }) => runsDiskUse(db, dbPath),
  'runs.prune': (req, { db }) => pruneRunsFolders(db, req),
  'attempts.log': (req, { db }) => attemptLog(db, req.id),
  'attempts.output': (req, { db, runs }) => runs.attemptOutput(db, req.id, req.from),
  'attempts.diagnosis': (req, { db }) => attemptDiagnosis(db, req.id),
  'attempts.ofProgram': (req, { db }) => programReruns(db, req),
  'hosts.list': (_req, { db }) => listHosts(db),
  'hosts.save': (req, ctx) => written(ctx, () => saveHost(ctx.db, req)),
  'hosts.delete': (req, ctx) => written(ctx, () => ({ deleted: deleteHost(ctx.db, req.name) })),
  'hosts.local': (_req, { db }) => getLocalHost(db),
  'hosts.saveLocal': (req, ctx) => written(ctx, () => saveLocalHost(ctx.db, req)),
} satisfies HandlersOf<typeof runOperations>;
