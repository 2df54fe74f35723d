/**
 * The one API contract: every operation's name, its zod request schema and its response
 * type. Main, preload, the serve-mode server and client, the worker and the CLI are all
 * typed by this map; requests are validated with these schemas wherever they enter.
 */
import type { AttemptDiagnosis, ProgramRerun } from './attempt-diagnosis';
import { z } from 'zod';
import type {
  AgreementReport,
  AppInfo,
  CategoryRule,
  CorpusFacets,
  CorpusStats,
  ExperimentComparison,
  TaskLeaderboard,
  ExportResult,
  FailureEvent,
  ImportResult,
  ProgramContent,
  RolloutDetail,
  RolloutPage,
  SearchResult,
  StepDetail,
  StepRow,
} from './domain';
import { grades } from './bundle';
import { protectedCategory } from './category-key';
import { rolloutFigureFilters, rolloutSort } from './rollout-list';
import type { LibraryMix, LibrarySummary, RetrievalResult, RubricDetail, RubricPage, Taxonomy } from './domain';
import { rubricFamilies } from './bundle';
import { ApiError, type ApiErrorData } from './errors';
import type { EventListener } from './events';
import type { AttemptLog, CaseSummary, ExperimentDetail, ExperimentSummary, HostConfig, LocalHostSettings, RerunStarted, RunStarted } from './domain';
import type { ModelPriceRow, ModelRequestPage, ModelRequestStatus, ModelsStatus } from './domain';
import {
  caseCreateRequest,
  experimentCreateRequest,
  hostSaveRequest,
  localHostSaveRequest,
  rerunRequest,
  runStartRequest,
} from './run-requests';
import type { LabelSchema } from './label-schema';
import type { AttemptOutputSoFar } from './attempt-output';
import type {
  AgreementDetail,
  Disagreement,
  LabelEvidence,
  LabelExportResult,
  LabelImportFileResult,
  LabelQueue,
  LabelUndoResult,
  RunAuditReport,
  StoredLabel,
  TaxonomySaved,
  WorkbenchSettings,
} from './labels';
import {
  annotatorName,
  labelAddRequest,
  labelCursorRequest,
  labelEvidenceRequest,
  labelExportRequest,
  labelHistoryRequest,
  labelImportRequest,
  labelMarkRequest,
  labelQueueRequest,
  labelSchemaSaveRequest,
  labelUndoRequest,
  settingsSetRequest,
  taxonomySaveRequest,
} from './label-requests';
import { schemaName } from './label-schema';
import type {
  CitationRow,
  LibraryBuild,
  OriginAudit,
  PipelineRunDetail,
  PipelineRunKind,
  PipelineRunStarted,
  PipelineRunSummary,
  PrecisionRecallReport,
  ReplayReport,
  VerdictRow,
} from './domain';
import { pipelineCurateRequest, pipelineJudgeRequest, pipelineMineRequest, pipelineResumeRequest } from './pipeline-requests';

/** Ties a request schema to a response type that exists only at compile time. */
function op<Res>() {
  return <Req extends z.ZodType>(request: Req) => ({ request, response: undefined as unknown as Res });
}

const id = z.string().min(1).max(512);
const noParams = z.object({}).strict();
/** Printable ASCII without spaces: what API keys are made of; the message never echoes it. */
const apiKey = z.string().trim().min(8, 'the key is too short').max(512).regex(/^[\x21-\x7e]+$/, 'a key has no spaces or non-ASCII characters');
/** A model id as the API names models (`claude-sonnet-5`, `claude-opus-4-5-20251101`). */
const modelId = z.string().trim().min(1).max(128).regex(/^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/, 'letters, digits and . _ : @ / - only');
const usdPerMTok = z.number().finite().nonnegative().max(10_000);
const modelPrice = z
  .object({ model: modelId, inputPerMTok: usdPerMTok, outputPerMTok: usdPerMTok, cacheWritePerMTok: usdPerMTok, cacheReadPerMTok: usdPerMTok })
  .strict();

export const importFormats = ['auto', 'bundle', 'aide', 'swe-agent', 'openhands', 'mini-swe-agent', 'inspect'] as const;
const modelRequestStatuses = ['reserved', 'returned', 'failed', 'unresolved'] as const satisfies readonly ModelRequestStatus[];

export const operations = {
  'app.info': op<AppInfo>()(noParams),
  'corpus.stats': op<CorpusStats>()(noParams),
  'corpus.facets': op<CorpusFacets>()(noParams),
  'rollouts.list': op<RolloutPage>()(
    z
      .object({
        benchmark: id.optional(),
        collection: id.optional(),
        grade: z.enum([...grades, 'ungraded']).optional(),
        ...rolloutFigureFilters,
        ...rolloutSort,
        offset: z.number().int().nonnegative().default(0),
        limit: z.number().int().positive().max(1000).default(200),
      })
      .strict(),
  ),
  'rollouts.get': op<RolloutDetail>()(z.object({ id }).strict()),
  /** A rollout's steps in order; `offset`/`limit` page them, so a long rollout can show its first steps at once. */
  'steps.list': op<StepRow[]>()(
    z.object({ rollout: id, offset: z.number().int().nonnegative().default(0), limit: z.number().int().positive().optional() }).strict(),
  ),
  'steps.get': op<StepDetail>()(z.object({ rollout: id, index: z.number().int().nonnegative() }).strict()),
  'failures.list': op<FailureEvent[]>()(z.object({ rollout: id }).strict()),
  'programs.get': op<ProgramContent>()(
    z.object({ rollout: id, path: z.string().min(1), version: z.number().int().nonnegative() }).strict(),
  ),
  /** Step hits by BM25 relevance, or newest first when ranking every match would take too long (the result says which). */
  'search.query': op<SearchResult>()(
    z
      .object({
        query: z.string().max(100_000),
        benchmark: id.optional(),
        collection: id.optional(),
        grade: z.enum([...grades, 'ungraded']).optional(),
        ...rolloutFigureFilters,
        rubrics: z.boolean().default(false),
        limit: z.number().int().positive().max(500).default(50),
      })
      .strict(),
  ),
  'import.files': op<ImportResult>()(
    z
      .object({
        paths: z.array(z.string().min(1)).min(1),
        format: z.enum(importFormats).default('auto'),
        /** Chosen by the caller so it can cancel the job before the call returns. */
        jobId: z.string().min(1).max(128).optional(),
      })
      .strict(),
  ),
  'rules.list': op<CategoryRule[]>()(noParams),
  'rules.save': op<{ rules: CategoryRule[]; changed: number }>()(
    z
      .object({
        rules: z.array(
          z
            .object({
              category: z.string().min(1),
              field: z.enum(['kind', 'exception_class', 'message', 'traceback', 'command']),
              pattern: z.string().min(1).max(2000),
              enabled: z.boolean().default(true),
              note: z.string().max(2000).default(''),
            })
            .strict(),
        ),
      })
      .strict(),
  ),
  'labels.agreement': op<AgreementReport>()(z.object({ schema: z.string().min(1) }).strict()),
  /** Attaches a leaderboard CSV (a path the backend reads) to a task, so its attempts are placed by the MLE-bench rule. */
  'leaderboards.attach': op<TaskLeaderboard>()(z.object({ task: id, path: z.string().min(1).max(4096) }).strict()),
  'experiments.compare': op<ExperimentComparison>()(z.object({ experiment: id, a: z.string().min(1), b: z.string().min(1) }).strict()),
  'libraries.list': op<LibrarySummary[]>()(noParams),
  /** A library's category mix against the pool of one collection (default: every collection). */
  'libraries.mix': op<LibraryMix>()(z.object({ library: id, collection: id.optional() }).strict()),
  'rubrics.list': op<RubricPage>()(
    z
      .object({
        library: id.optional(),
        /** An effective category: a code, or `uncategorised` for rubrics without one. */
        category: z.string().min(1).max(64).optional(),
        family: z.enum(rubricFamilies).optional(),
        /** Full-text search over rubric text; results then come by relevance. */
        query: z.string().max(10_000).optional(),
        offset: z.number().int().nonnegative().default(0),
        limit: z.number().int().positive().max(1000).default(200),
      })
      .strict(),
  ),
  'rubrics.get': op<RubricDetail>()(z.object({ id }).strict()),
  'taxonomy.get': op<Taxonomy>()(noParams),
  /** Category-split retrieval (DESIGN.md §3) for a rollout, or for one of its steps. */
  'retrieval.run': op<RetrievalResult>()(
    z
      .object({
        library: id,
        rollout: id,
        step: z.number().int().nonnegative().optional(),
        /** The pool whose mix splits the slots (default: every collection). */
        collection: id.optional(),
        slots: z.number().int().positive().max(1000).default(12),
        /** Categories with a fixed number of slots, served before the proportional split. */
        protect: z.record(protectedCategory, z.number().int().nonnegative().max(1000)).default({}),
      })
      .strict()
      .refine((r) => Object.values(r.protect).reduce((sum, n) => sum + n, 0) <= r.slots, {
        message: 'the protected slots add up to more than the slots',
        path: ['protect'],
      }),
  ),
  /** A re-executable case, from a stored program version or inline; an identical case already stored is returned as is. */
  'cases.create': op<CaseSummary & { created: boolean }>()(caseCreateRequest),
  'cases.list': op<CaseSummary[]>()(z.object({ task: id.optional(), rollout: id.optional() }).strict()),
  /** An experiment over cases, arms and repeats; every slot starts `queued`. */
  'experiments.create': op<ExperimentDetail>()(experimentCreateRequest),
  'experiments.list': op<ExperimentSummary[]>()(noParams),
  /** An experiment with its attempt grid (case x arm x repeat). */
  'experiments.get': op<ExperimentDetail>()(z.object({ id }).strict()),
  /** Runs an experiment's slots on a backend as a cancellable job; output comes as `attempt:output` events. */
  'runs.start': op<RunStarted>()(runStartRequest),
  /** One click: a case from a program version, an experiment with the one arm `original`, and its run. */
  'runs.rerun': op<RerunStarted>()(rerunRequest),
  /** Stops a run: running attempts are killed and recorded `interrupted`; slots not started stay `queued`. */
  'runs.cancel': op<{ cancelled: boolean }>()(z.object({ jobId: z.string().min(1).max(128) }).strict()),
  /** Stops dispatching: running attempts finish and are recorded, slots not started stay never started (Continue starts them). */
  'runs.stop': op<{ stopping: boolean }>()(z.object({ jobId: z.string().min(1).max(128) }).strict()),
  'attempts.log': op<AttemptLog>()(z.object({ id: z.number().int().positive() }).strict()),
  /** A running (or ended) attempt's output from a character offset on, for a terminal that joins late. */
  'attempts.output': op<AttemptOutputSoFar>()(z.object({ id: z.number().int().positive(), from: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }).strict()),
  /** A re-run attempt's parsed failure and whether it reproduced the failure of the step its program came from. */
  'attempts.diagnosis': op<AttemptDiagnosis>()(z.object({ id: z.number().int().positive() }).strict()),
  /** Attempts that re-ran a stored program version (a step's reruns), with their outcomes. */
  'attempts.ofProgram': op<ProgramRerun[]>()(z.object({ rollout: id, path: z.string().min(1).max(1024), version: z.number().int().nonnegative() }).strict()),
  'hosts.list': op<HostConfig[]>()(noParams),
  'hosts.save': op<HostConfig>()(hostSaveRequest),
  'hosts.delete': op<{ deleted: boolean }>()(z.object({ name: z.string().min(1).max(64) }).strict()),
  /** The local machine's slots and extra environment names. */
  'hosts.local': op<LocalHostSettings>()(noParams),
  'hosts.saveLocal': op<LocalHostSettings>()(localHostSaveRequest),
  /** The model request ledger, newest first, filtered by purpose and status. */
  'ledger.list': op<ModelRequestPage>()(
    z
      .object({
        purpose: z.string().min(1).max(128).optional(),
        status: z.enum(modelRequestStatuses).optional(),
        offset: z.number().int().nonnegative().default(0),
        limit: z.number().int().positive().max(1000).default(200),
      })
      .strict(),
  ),
  /** Whether model features can run (a key is set, or replay mode needs none); never the key itself. */
  'models.status': op<ModelsStatus>()(noParams),
  /**
   * Uses this API key for model calls: the desktop app keeps it in the OS's safe storage,
   * serve mode for the session only. It never reaches the corpus or a log.
   */
  'models.setKey': op<ModelsStatus>()(z.object({ key: apiKey }).strict()),
  /** Forgets the key set in the app (an environment key, if any, applies again). */
  'models.clearKey': op<ModelsStatus>()(noParams),
  /** The price table costs are computed from, by model id. */
  'prices.list': op<ModelPriceRow[]>()(noParams),
  /** Adds or changes one model's prices; requests already answered keep the cost they were recorded with. */
  'prices.save': op<ModelPriceRow[]>()(modelPrice),
  'prices.delete': op<ModelPriceRow[]>()(z.object({ model: modelId }).strict()),
  'jobs.cancel': op<{ cancelled: boolean }>()(z.object({ jobId: z.string().min(1).max(128) }).strict()),
  'export.bundle': op<ExportResult>()(z.object({ out: z.string().min(1) }).strict()),
  /** Label schemas, newest version of each, with the values an annotator picks from. */
  'labels.schemas': op<LabelSchema[]>()(noParams),
  /** Saves a schema definition as its next version (Settings); labels keep the version they were made under. */
  'labels.schemaSave': op<LabelSchema>()(labelSchemaSaveRequest),
  /** Validates a label against its schema and commits it before answering; returns the stored record. */
  'labels.add': op<StoredLabel>()(labelAddRequest),
  /** Undoes the annotator's latest label under a schema with a record that retracts it (history is never deleted). */
  'labels.undo': op<LabelUndoResult>()(labelUndoRequest),
  /** A target set's items under a schema, the annotator's state on each, where they left off, progress. */
  'labels.queue': op<LabelQueue>()(labelQueueRequest),
  /** Every label record the filters select, oldest first (superseded and retracted ones included). */
  'labels.history': op<{ total: number; labels: StoredLabel[]; annotators: string[] }>()(labelHistoryRequest),
  'labels.mark': op<{ flagged: boolean; skipped: boolean }>()(labelMarkRequest),
  /** Remembers the item an annotator is on, so the queue resumes there. */
  'labels.cursor': op<{ saved: true }>()(labelCursorRequest),
  /** The evidence pane of one item: source rollouts, program lines, checked citations; others' labels unless blind. */
  'labels.evidence': op<LabelEvidence>()(labelEvidenceRequest),
  /** Agreement under a schema overall and per category. */
  'labels.agreementDetail': op<AgreementDetail>()(z.object({ schema: schemaName }).strict()),
  /** Items whose annotators disagree, with their labels and current adjudication. */
  'labels.disagreements': op<Disagreement[]>()(z.object({ schema: schemaName }).strict()),
  'labels.export': op<LabelExportResult>()(labelExportRequest),
  /** Imports label files (bundle v1 or CSV), each atomically and idempotently. */
  'labels.import': op<{ files: LabelImportFileResult[] }>()(labelImportRequest),
  'settings.get': op<WorkbenchSettings>()(noParams),
  'settings.set': op<WorkbenchSettings>()(settingsSetRequest),
  /** A rollout's run audits, and the annotator's as a Markdown report with its evidence links. */
  'labels.auditReport': op<RunAuditReport>()(z.object({ rollout: id, annotator: annotatorName }).strict()),
  /** A new taxonomy version (Settings); labels naming a split or merged category are flagged for review, never rewritten. */
  'taxonomy.save': op<TaxonomySaved>()(taxonomySaveRequest),
  /** Whole-rollout mining into a new frozen library, as a job (progress, `jobs.cancel`, `pipeline.resume`). */
  'pipeline.mine': op<PipelineRunStarted>()(pipelineMineRequest),
  /** A new frozen library by Quota (mining per category) or Filtered (cutting a library to the pool's mix), as a job. */
  'pipeline.curate': op<PipelineRunStarted>()(pipelineCurateRequest),
  /** The CWM judge on cases, a verdict per retrieved rubric, as a job. */
  'pipeline.judge': op<PipelineRunStarted>()(pipelineJudgeRequest),
  /** Runs a stopped, cancelled, interrupted or failed run again; answers already in the ledger are reused, never paid twice. */
  'pipeline.resume': op<PipelineRunStarted>()(pipelineResumeRequest),
  /** Re-executes a finished run from the ledger alone (no network, no writes) and compares it with what it stored. */
  'pipeline.replay': op<ReplayReport>()(z.object({ run: id }).strict()),
  /** Pipeline runs, newest first, with progress and costs. */
  'pipeline.list': op<PipelineRunSummary[]>()(
    z
      .object({
        kind: z.enum(['mine', 'curate-quota', 'curate-filtered', 'judge'] as const satisfies readonly PipelineRunKind[]).optional(),
        offset: z.number().int().nonnegative().default(0),
        limit: z.number().int().positive().max(1000).default(200),
      })
      .strict(),
  ),
  /** One run with its parameters and report (funnel, units, categories, violations, costs). */
  'pipeline.get': op<PipelineRunDetail>()(z.object({ run: id }).strict()),
  /** The held-out-origin audit of a library: every rubric whose support includes a held-out benchmark, with its task. */
  'libraries.auditOrigins': op<OriginAudit>()(z.object({ library: id }).strict()),
  /** How a library was built: funnel, Quota categories or Filtered allocation, and its pipeline run. */
  'libraries.build': op<LibraryBuild>()(z.object({ library: id }).strict()),
  /** Precision and recall of rubrics against execution truth, per family, category and library (latest verdicts). */
  'rubrics.precisionRecall': op<PrecisionRecallReport>()(z.object({ library: id.optional(), run: id.optional() }).strict()),
  /** A rubric's citations, each checked against the program it names, with where that program is. */
  'rubrics.citations': op<CitationRow[]>()(z.object({ id }).strict()),
  /** The latest verdict of each rubric on a rollout's program versions (or the one a step ran). */
  'verdicts.list': op<VerdictRow[]>()(
    z.object({ rollout: id, step: z.number().int().nonnegative().optional(), library: id.optional(), run: id.optional() }).strict(),
  ),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type RequestOf<K extends OperationName> = z.input<Operations[K]['request']>;
export type ParsedRequestOf<K extends OperationName> = z.output<Operations[K]['request']>;
export type ResponseOf<K extends OperationName> = Operations[K]['response'];

export const operationNames = Object.keys(operations) as OperationName[];

export function isOperationName(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(operations, name);
}

/** Validates a raw request at a boundary; the error names the operation and each bad field. */
export function parseRequest<K extends OperationName>(name: K, raw: unknown): ParsedRequestOf<K> {
  const result = operations[name].request.safeParse(raw ?? {});
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ field: i.path.join('.') || '(request)', message: i.message }));
    const summary = issues.map((i) => `${i.field}: ${i.message}`).join('; ');
    throw new ApiError('invalid_request', `${name}: ${summary}`, { issues });
  }
  return result.data as ParsedRequestOf<K>;
}

/** Resolves an untrusted operation name, or throws a typed error. */
export function requireOperation(name: string): OperationName {
  if (!isOperationName(name)) throw new ApiError('unknown_operation', `unknown operation "${name}"`);
  return name;
}

/** What crosses every boundary: a value or a typed error, never a thrown exception. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiErrorData };

/**
 * The bridge every shell exposes to the renderer as `window.workbench`: one method per
 * operation, plus event subscription. Methods resolve to a `Result` because Electron's
 * contextBridge and IPC drop the fields of thrown errors.
 */
export type BridgeMethods = {
  [K in OperationName]: (request: RequestOf<K>) => Promise<Result<ResponseOf<K>>>;
};

export type WorkbenchBridge = BridgeMethods & {
  /** Subscribes to backend events; returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void;
  /**
   * The desktop shell's way to read the local path of a file the user picked or dropped
   * (a DOM `File`). Serve mode has none: a browser uploads the file instead.
   */
  pathForFile?(file: unknown): string;
};

/** Builds the per-operation methods of a bridge from one generic transport function. */
export function bridgeMethods(
  send: (name: OperationName, request: unknown) => Promise<Result<unknown>>,
): BridgeMethods {
  const methods: Record<string, (request: unknown) => Promise<Result<unknown>>> = {};
  for (const name of operationNames) methods[name] = (request) => send(name, request);
  return methods as BridgeMethods;
}
