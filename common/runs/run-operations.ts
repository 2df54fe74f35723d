/** The re-execution operations of the contract (cases, experiments, runs, attempts, hosts, comparisons, leaderboards), with their request schemas. */
import { z } from 'zod';
import { id, noParams, read, write } from '../operation';
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
  'leaderboards.attach': write<TaskLeaderboard>(['task_leaderboards'])(z.object({ task: id, path: z.string().min(1).max(4096) }).strict()),
  'experiments.compare': read<ExperimentComparison>()(z.object({ experiment: id, a: z.string().min(1), b: z.string().min(1) }).strict()),
  /** Every pair of an experiment's arms as the research reports them: intervals, sensitivity, adverse endpoint, time, cases better and worse. */
  'experiments.research': read<ResearchComparison>()(z.object({ experiment: id }).strict()),
  /** A re-executable case, from a stored program version or inline; an identical case already stored is returned as is. */
  'cases.create': write<CaseSummary & { created: boolean }>(['cases'])(caseCreateRequest),
  'cases.list': read<CaseSummary[]>()(z.object({ task: id.optional(), rollout: id.optional() }).strict()),
  /** An experiment over cases, arms and repeats; every slot starts `queued`. */
  'experiments.create': write<ExperimentDetail>(['experiments', 'attempts'])(experimentCreateRequest),
  'experiments.list': read<ExperimentSummary[]>()(noParams),
  /** An experiment with its attempt grid (case x arm x repeat). */
  'experiments.get': read<ExperimentDetail>()(z.object({ id }).strict()),
  /** Runs an experiment's slots on a backend as a cancellable job; output comes as `attempt:output` events. */
  'runs.start': write<RunStarted>(['attempts', 'attempt_logs', 'pipeline_runs'])(runStartRequest),
  /** One click: a case from a program version, an experiment with the one arm `original`, and its run. */
  'runs.rerun': write<RerunStarted>(['cases', 'experiments', 'attempts', 'attempt_logs', 'pipeline_runs'])(rerunRequest),
  /** Stops a run: running attempts are killed and recorded `interrupted`; slots not started stay `queued`. */
  'runs.cancel': write<{ cancelled: boolean }>([])(z.object({ jobId: z.string().min(1).max(128) }).strict()),
  /** Stops dispatching: running attempts finish and are recorded, slots not started stay never started (Continue starts them). */
  'runs.stop': write<{ stopping: boolean }>([])(z.object({ jobId: z.string().min(1).max(128) }).strict()),
  /** How much disk the corpus's runs folders use, and how much of it is finished attempts' folders. */
  'runs.diskUse': read<RunsDiskUse>()(noParams),
  /** Removes finished attempts' folders (of one experiment, or all); their records and logs stay in the corpus. */
  'runs.prune': write<RunsPruned>([])(z.object({ experiment: id.optional(), dryRun: z.boolean().default(false) }).strict()),
  'attempts.log': read<AttemptLog>()(z.object({ id: z.number().int().positive() }).strict()),
  /** A running (or ended) attempt's output from a character offset on, for a terminal that joins late. */
  'attempts.output': read<AttemptOutputSoFar>()(
    z.object({ id: z.number().int().positive(), from: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }).strict(),
  ),
  /** A re-run attempt's parsed failure and whether it reproduced the failure of the step its program came from. */
  'attempts.diagnosis': read<AttemptDiagnosis>()(z.object({ id: z.number().int().positive() }).strict()),
  /** Attempts that re-ran a stored program version (a step's reruns), with their outcomes. */
  'attempts.ofProgram': read<ProgramRerun[]>()(z.object({ rollout: id, path: z.string().min(1).max(1024), version: z.number().int().nonnegative() }).strict()),
  'hosts.list': read<HostConfig[]>()(noParams),
  'hosts.save': write<HostConfig>(['hosts'])(hostSaveRequest),
  'hosts.delete': write<{ deleted: boolean }>(['hosts'])(z.object({ name: z.string().min(1).max(64) }).strict()),
  /** The local machine's slots and extra environment names. */
  'hosts.local': read<LocalHostSettings>()(noParams),
  'hosts.saveLocal': write<LocalHostSettings>(['user_settings'])(localHostSaveRequest),
} as const;
