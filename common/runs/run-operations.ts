/** The re-execution operations of the contract (cases, experiments, runs, attempts, hosts, comparisons, leaderboards), with their request schemas. */
import { z } from 'zod';
import { id, noParams, op } from '../operation';
import type { AttemptDiagnosis, ProgramRerun } from './attempt-diagnosis';
import type { AttemptOutputSoFar } from './attempt-output';
import { caseCreateRequest, experimentCreateRequest, hostSaveRequest, localHostSaveRequest, rerunRequest, runStartRequest } from './run-requests';
import type {
  AttemptLog,
  CaseSummary,
  ExperimentComparison,
  ResearchComparison,
  ExperimentDetail,
  ExperimentSummary,
  HostConfig,
  LocalHostSettings,
  RerunStarted,
  RunsDiskUse,
  RunsPruned,
  RunStarted,
  TaskLeaderboard,
} from './run-types';

export const runOperations = {
  /** Attaches a leaderboard CSV (a path the backend reads) to a task, so its attempts are placed by the MLE-bench rule. */
  'leaderboards.attach': op<TaskLeaderboard>()(z.object({ task: id, path: z.string().min(1).max(4096) }).strict()),
  'experiments.compare': op<ExperimentComparison>()(z.object({ experiment: id, a: z.string().min(1), b: z.string().min(1) }).strict()),
  /** Every pair of an experiment's arms as the research reports them: intervals, sensitivity, adverse endpoint, time, cases better and worse. */
  'experiments.research': op<ResearchComparison>()(z.object({ experiment: id }).strict()),
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
  /** How much disk the corpus's runs folders use, and how much of it is finished attempts' folders. */
  'runs.diskUse': op<RunsDiskUse>()(noParams),
  /** Removes finished attempts' folders (of one experiment, or all); their records and logs stay in the corpus. */
  'runs.prune': op<RunsPruned>()(z.object({ experiment: id.optional(), dryRun: z.boolean().default(false) }).strict()),
  'attempts.log': op<AttemptLog>()(z.object({ id: z.number().int().positive() }).strict()),
  /** A running (or ended) attempt's output from a character offset on, for a terminal that joins late. */
  'attempts.output': op<AttemptOutputSoFar>()(
    z.object({ id: z.number().int().positive(), from: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }).strict(),
  ),
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
} as const;
