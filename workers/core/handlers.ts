import { attemptDiagnosis } from '../runs/attempt-diagnosis-query';
import { programReruns } from '../runs/program-reruns-query';
import type { OperationName, ParsedRequestOf, ResponseOf } from '../../common/contract';
import { listRules } from '../categories/category-rules';
import { saveRules } from '../categories/save-rules';
import { schemaVersion } from '../db/open-corpus';
import type { HandlerContext } from '../context/handler-context';
import { exportBundleTo } from '../export/bundle-export';
import { corpusFacets, corpusStats, listRollouts } from '../corpus/corpus-queries';
import { agreement } from '../labels/agreement-query';
import { compareArms, researchComparison } from '../runs/compare-query';
import { attachLeaderboard } from '../runs/leaderboard-queries';
import { search } from '../search/search';
import { getTaxonomy, listLibraries } from '../rubrics/library-queries';
import { getRubric, listRubrics } from '../rubrics/rubric-queries';
import { libraryMix } from '../retrieval/library-mix';
import { filteredPreview } from '../pipeline/filtered-preview';
import { requireKnownCategories, runRetrieval } from '../retrieval/run-retrieval';
import { getProgram, getRollout, getStep, listFailures, listSteps } from '../corpus/rollout-queries';
import { compareRollouts } from '../compare-rollouts/compare-rollouts-query';
import { createCase, listCases } from '../runs/case-queries';
import { createExperiment, getExperiment, listExperiments } from '../runs/run-experiments';
import { attemptLog } from '../runs/run-attempts';
import { deleteHost, getLocalHost, listHosts, saveHost, saveLocalHost } from '../runs/run-hosts';
import { liveRuns, startRun, stopRun } from '../runs/runners/run-job';
import { rerun } from '../runs/runners/rerun';
import { pruneRunsFolders, runsDiskUse } from '../runs/runs-folders';
import { attemptOutput } from '../runs/runners/attempt-output';
import { listLedger } from '../model/ledger-queries';
import { deletePrice, listPrices, savePrice } from '../model/price-queries';
import { agreementDetail } from '../labels/agreement-detail';
import { auditReport } from '../labels/audit-report';
import { addLabel, undoLabel } from '../labels/commit-label';
import { listDisagreements } from '../labels/disagreements';
import { labelEvidence } from '../labels/label-evidence';
import { exportLabels, importLabelFiles } from '../labels/label-files';
import { labelHistory } from '../labels/label-history';
import { buildQueue } from '../labels/label-queue';
import { listSchemas, saveSchema } from '../labels/label-schemas';
import { saveCursor, saveMark } from '../labels/queue-marks';
import { saveTaxonomy } from '../labels/save-taxonomy';
import { getSettings, setSettings } from '../labels/user-settings';
import { auditLibrary } from '../curation/origin-query';
import { precisionRecallReport } from '../judge/pr-query';
import { listVerdicts } from '../judge/verdict-store';
import { libraryBuild, rubricCitations } from '../pipeline/build-queries';
import { pipelineRun, pipelineRuns, replayPipelineRun, resumePipelineRun, startPipelineRun } from '../pipeline/pipeline-jobs';
import { addPerson, ownerPerson, revokePerson } from '../people/people-store';
import { teamProgress } from '../people/team-progress';
import { appVersion } from '../context/app-version';
import { runImportJob } from '../import/import-job';

type Handler<K extends OperationName> = (request: ParsedRequestOf<K>, ctx: HandlerContext) => ResponseOf<K> | Promise<ResponseOf<K>>;
export type Handlers = { [K in OperationName]: Handler<K> };

/** The implementation of every operation of the contract; the compiler checks none is missing. */
export const handlers: Handlers = {
  'app.info': (_req, ctx) => ({ appVersion, dbPath: ctx.dbPath, schemaVersion: schemaVersion(ctx.db), shell: ctx.shell }),
  'corpus.stats': (_req, { db }) => corpusStats(db),
  'corpus.facets': (_req, { db }) => corpusFacets(db),
  'rollouts.list': (req, { db }) => listRollouts(db, req),
  'rollouts.get': (req, { db }) => getRollout(db, req.id),
  'steps.list': (req, { db }) => listSteps(db, req.rollout, req.offset, req.limit),
  'steps.get': (req, { db }) => getStep(db, req.rollout, req.index),
  'failures.list': (req, { db }) => listFailures(db, req.rollout),
  'programs.get': (req, { db }) => getProgram(db, req.rollout, req.path, req.version),
  'rollouts.compare': (req, { db }) => compareRollouts(db, req.a, req.b),
  'search.query': (req, { db }) => search(db, req),
  'import.files': (req, ctx) => runImportJob(req, ctx),
  'rules.list': (_req, { db }) => listRules(db),
  'rules.save': (req, ctx) => written(ctx, () => saveRules(ctx.db, req)),
  'labels.agreement': (req, { db }) => agreement(db, req.schema),
  'leaderboards.attach': (req, ctx) => ctx.writes.run(() => attachLeaderboard(ctx.db, req.task, req.path)),
  'experiments.compare': (req, { db }) => compareArms(db, req.experiment, req.a, req.b),
  'experiments.research': (req, { db }) => researchComparison(db, req.experiment),
  'libraries.list': (_req, { db }) => listLibraries(db),
  'libraries.mix': (req, { db }) => libraryMix(db, req),
  'curation.filteredPreview': (req, { db }) => filteredPreview(db, req),
  'rubrics.list': (req, { db }) => listRubrics(db, req),
  'rubrics.get': (req, { db }) => getRubric(db, req.id),
  'taxonomy.get': (_req, { db }) => getTaxonomy(db),
  'retrieval.run': (req, { db }) => runRetrieval(db, req),
  'cases.create': (req, ctx) => written(ctx, () => createCase(ctx.db, req)),
  'cases.list': (req, { db }) => listCases(db, req),
  'experiments.create': (req, ctx) => written(ctx, () => createExperiment(ctx.db, req)),
  'experiments.list': (_req, { db }) => listExperiments(db),
  // A read: attempts a dead worker left running are recorded unknown by the core's reconciliation.
  'experiments.get': (req, { db }) => getExperiment(db, req.id),
  'runs.start': (req, ctx) => startRun(req, ctx),
  'runs.rerun': (req, ctx) => rerun(req, ctx),
  'runs.cancel': (req, { jobs }) => ({ cancelled: liveRuns.has(req.jobId) && jobs.cancel(req.jobId) }),
  'runs.stop': (req) => ({ stopping: stopRun(req.jobId) }),
  'runs.diskUse': (_req, { db, dbPath }) => runsDiskUse(db, dbPath),
  'runs.prune': (req, { db }) => pruneRunsFolders(db, req),
  'attempts.log': (req, { db }) => attemptLog(db, req.id),
  'attempts.output': (req, { db }) => attemptOutput(db, req.id, req.from),
  'attempts.diagnosis': (req, { db }) => attemptDiagnosis(db, req.id),
  'attempts.ofProgram': (req, { db }) => programReruns(db, req),
  'hosts.list': (_req, { db }) => listHosts(db),
  'hosts.save': (req, ctx) => written(ctx, () => saveHost(ctx.db, req)),
  'hosts.delete': (req, ctx) => written(ctx, () => ({ deleted: deleteHost(ctx.db, req.name) })),
  'hosts.local': (_req, { db }) => getLocalHost(db),
  'hosts.saveLocal': (req, ctx) => written(ctx, () => saveLocalHost(ctx.db, req)),
  'ledger.list': (req, { db }) => listLedger(db, req),
  'models.status': (_req, { model }) => model.status(),
  'models.setKey': (req, { model }) => model.setAppKey(req.key, 'session'),
  'models.clearKey': (_req, { model }) => model.clearAppKey(),
  'prices.list': (_req, { db }) => listPrices(db),
  'prices.save': (req, ctx) => written(ctx, () => savePrice(ctx.db, req)),
  'prices.delete': (req, ctx) => written(ctx, () => deletePrice(ctx.db, req.model)),
  'jobs.cancel': (req, { jobs }) => ({ cancelled: jobs.cancel(req.jobId) }),
  'export.bundle': (req, { ownReader, dbPath }) => exportBundleTo(ownReader, dbPath, req.out),
  'labels.schemas': (_req, { db }) => listSchemas(db),
  'labels.schemaSave': (req, ctx) => written(ctx, () => saveSchema(ctx.db, req.name, req.definition)),
  'labels.add': (req, ctx) => written(ctx, () => addLabel(ctx.db, req)),
  'labels.undo': (req, ctx) => written(ctx, () => undoLabel(ctx.db, req)),
  'labels.queue': (req, { db }) => buildQueue(db, req),
  'labels.history': (req, { db }) => labelHistory(db, req),
  'labels.mark': (req, ctx) => written(ctx, () => saveMark(ctx.db, req)),
  'labels.cursor': (req, ctx) => written(ctx, () => (saveCursor(ctx.db, req), { saved: true as const })),
  'labels.evidence': (req, { db }) => labelEvidence(db, req),
  'labels.agreementDetail': (req, { db }) => agreementDetail(db, req.schema),
  'labels.disagreements': (req, { db }) => listDisagreements(db, req.schema),
  'labels.export': (req, { db, dbPath }) => exportLabels(db, dbPath, req),
  'labels.import': (req, ctx) => ctx.writes.run(async () => ({ files: await importLabelFiles(ctx.db, req) })),
  'settings.get': (_req, { db, person }) => getSettings(db, person),
  'settings.set': (req, ctx) => written(ctx, () => setSettings(ctx.db, req, ctx.person)),
  'labels.auditReport': (req, { db }) => auditReport(db, req.rollout, req.annotator),
  'taxonomy.save': (req, ctx) => written(ctx, () => saveTaxonomy(ctx.db, req)),
  'pipeline.mine': (req, ctx) => startPipelineRun(ctx, 'mine', req),
  'pipeline.curate': (req, ctx) => startPipelineRun(ctx, req.method === 'quota' ? 'curate-quota' : 'curate-filtered', req),
  'pipeline.judge': (req, ctx) => {
    requireKnownCategories(ctx.db, req.protect);
    return startPipelineRun(ctx, 'judge', req);
  },
  'pipeline.resume': (req, ctx) => resumePipelineRun(ctx, req),
  'pipeline.replay': (req, ctx) => replayPipelineRun(ctx, req.run),
  'pipeline.list': (req, ctx) => pipelineRuns(ctx, req),
  'pipeline.get': (req, ctx) => pipelineRun(ctx, req.run),
  'libraries.auditOrigins': (req, { db }) => auditLibrary(db, req.library),
  'libraries.build': (req, { db }) => libraryBuild(db, req.library),
  'rubrics.precisionRecall': (req, { db }) => precisionRecallReport(db, req),
  'rubrics.citations': (req, { db }) => rubricCitations(db, req.id),
  'verdicts.list': (req, { db }) => listVerdicts(db, req),
  'people.list': (_req, { db }) => teamProgress(db),
  'people.add': (req, ctx) => written(ctx, () => addPerson(ctx.db, req.name, req.role)),
  'people.revoke': (req, ctx) => written(ctx, () => revokePerson(ctx.db, req.name)),
  'people.owner': (req, ctx) => written(ctx, () => ownerPerson(ctx.db, req.fallbackName)),
};

/** A write under the write lock; the lock announces the tables it changed to every window. */
function written<T>(ctx: HandlerContext, work: () => T): Promise<T> {
  return ctx.writes.run(async () => work());
}
