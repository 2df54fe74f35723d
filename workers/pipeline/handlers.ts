/** The pipeline operations: mining, curation, judging, their runs and reports (the last named under rubrics and libraries). */
import { filteredPreview } from './filtered-preview';
import { requireKnownCategories } from '../retrieval/run-retrieval';
import { auditLibrary } from '../curation/origin-query';
import { precisionRecallReport } from './pr-query';
import { listVerdicts } from '../judge/verdict-store';
import { libraryBuild, rubricCitations } from './build-queries';
import { pipelineRun, pipelineRuns, replayPipelineRun, resumePipelineRun, startPipelineRun } from './pipeline-jobs';
import type { HandlersOf } from '../context/handlers-of';
import type { pipelineOperations } from '../../common/pipeline/pipeline-operations';
import type { rubricReportOperations } from '../../common/rubrics/rubric-operations';

export const pipelineHandlers = {
  'pipeline.mine': (req, ctx) => startPipelineRun(ctx, 'mine', req),
  'pipeline.curate': (req, ctx) => startPipelineRun(ctx, req.method === 'quota' ? 'curate-quota' : 'curate-filtered', req),
  'curation.filteredPreview': (req, { db }) => filteredPreview(db, req),
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
} satisfies HandlersOf<typeof pipelineOperations & typeof rubricReportOperations>;
