/**
 * What every kind of pipeline run gets to work with, and what it gives back. A kind plans
 * once (its plan is stored, so resume and replay ask exactly the same questions) and executes
 * the plan through a {@link RunCaller}; what it builds is written, or compared, by the caller.
 */
import type { z } from 'zod';
import type { PipelineReport } from '../../common/pipeline/pipeline-types';
import type { pipelineCurateRequest, pipelineJudgeRequest, pipelineMineRequest } from '../../common/pipeline/pipeline-requests';
import type { TracedRubric } from '../curation/origin-query';
import type { Db } from '../db/open-corpus';
import type { VerdictDraft } from '../judge/verdict-store';
import type { LibraryRecords } from './library-records';
import type { RunCaller } from '../model/model-calls';

type JobFields = 'wait' | 'jobId';
/** The parsed parameters of each kind of run, as stored with it. */
export type MineParams = Omit<z.output<typeof pipelineMineRequest>, JobFields>;
export type QuotaParams = Omit<Extract<z.output<typeof pipelineCurateRequest>, { method: 'quota' }>, JobFields>;
export type FilteredParams = Omit<Extract<z.output<typeof pipelineCurateRequest>, { method: 'filtered' }>, JobFields>;
export type JudgeParams = Omit<z.output<typeof pipelineJudgeRequest>, JobFields>;

/** What an execution may use. */
export interface RunEnv {
  db: Db;
  run: string;
  /** When the run was created: the `builtAt` of its library, the same in every execution and replay. */
  createdAt: string;
  caller: RunCaller;
  progress(done: number, message: string): void;
}

/** A library build: its records, the rubrics to audit, and the report. */
export interface LibraryOutcome {
  kind: 'library';
  records: LibraryRecords;
  /** Every rubric of the library with its support, for the held-out-origin audit. */
  traced: TracedRubric[];
  report: PipelineReport;
}

/** A judge run's verdicts and report. */
export interface VerdictOutcome {
  kind: 'verdicts';
  verdicts: VerdictDraft[];
  report: PipelineReport;
}

/** What an execution built. */
export type RunOutcome = LibraryOutcome | VerdictOutcome;

/** A report with nothing in it yet. */
export function emptyReport(): PipelineReport {
  return {
    funnel: null,
    proposals: [],
    units: [],
    categories: [],
    allocation: [],
    targets: [],
    violations: [],
    unresolvedOrigins: [],
    library: null,
    rubrics: [],
    verdicts: 0,
  };
}
