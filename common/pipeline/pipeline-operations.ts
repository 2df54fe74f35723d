/** The pipeline operations of the contract (mining, curation, judging and what they built), with their request schemas. */
import { z } from 'zod';
import { id, read, write } from '../operation';
import { filteredPreviewRequest, type FilteredPreview } from './filtered-preview';
import { pipelineCurateRequest, pipelineJudgeRequest, pipelineMineRequest, pipelineResumeRequest } from './pipeline-requests';
import type { PipelineRunDetail, PipelineRunKind, PipelineRunStarted, PipelineRunSummary, ReplayReport, VerdictRow } from './pipeline-types';

/** What a pipeline run may write: its run rows and model calls, and what it builds (a library, verdicts). */
const pipelineRunTables = [
  'pipeline_runs',
  'pipeline_run_requests',
  'model_requests',
  'rubrics',
  'rubric_support',
  'libraries',
  'library_rubrics',
  'verdicts',
] as const;

export const pipelineOperations = {
  /** Whole-rollout mining into a new frozen library, as a job (progress, `jobs.cancel`, `pipeline.resume`). */
  'pipeline.mine': write<PipelineRunStarted>(pipelineRunTables)(pipelineMineRequest),
  /** A new frozen library by Quota (mining per category) or Filtered (cutting a library to the pool's mix), as a job. */
  'pipeline.curate': write<PipelineRunStarted>(pipelineRunTables)(pipelineCurateRequest),
  /** What a Filtered cut with these parameters would keep now, and how far short of its target (nothing written). */
  'curation.filteredPreview': read<FilteredPreview>()(filteredPreviewRequest),
  /** The CWM judge on cases, a verdict per retrieved rubric, as a job. */
  'pipeline.judge': write<PipelineRunStarted>(pipelineRunTables)(pipelineJudgeRequest),
  /** Runs a stopped, cancelled, interrupted or failed run again; answers already in the ledger are reused, never paid twice. */
  'pipeline.resume': write<PipelineRunStarted>(pipelineRunTables)(pipelineResumeRequest),
  /** Re-executes a finished run from the ledger alone (no network, no writes) and compares it with what it stored. */
  'pipeline.replay': write<ReplayReport>(pipelineRunTables)(z.object({ run: id }).strict()),
  /** Pipeline runs, newest first, with progress and costs. */
  'pipeline.list': read<PipelineRunSummary[]>()(
    z
      .object({
        kind: z.enum(['mine', 'curate-quota', 'curate-filtered', 'judge'] as const satisfies readonly PipelineRunKind[]).optional(),
        offset: z.number().int().nonnegative().default(0),
        limit: z.number().int().positive().max(1000).default(200),
      })
      .strict(),
  ),
  /** One run with its parameters and report (funnel, units, categories, violations, costs). */
  'pipeline.get': read<PipelineRunDetail>()(z.object({ run: id }).strict()),
  /** The latest verdict of each rubric on a rollout's program versions (or the one a step ran). */
  'verdicts.list': read<VerdictRow[]>()(
    z.object({ rollout: id, step: z.number().int().nonnegative().optional(), library: id.optional(), run: id.optional() }).strict(),
  ),
} as const;
