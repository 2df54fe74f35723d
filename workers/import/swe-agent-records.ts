/**
 * Maps a parsed SWE-agent trajectory to bundle v1 records: one rollout per file, one
 * step per trajectory entry. The submitted patch is the rollout's `submitted`; `info`
 * (exit status, model stats, edited files), `history`, `environment` and the replay
 * configuration stay on the rollout as `extra`, each entry's `thought`, `response`,
 * `state` and messages on its step.
 */
import type { LocatedRecord } from './bundle-reader';
import { located } from './json-document';
import { contentText, field } from './json-fields';
import { runId } from './run-id';
import type { SweAgentEntry, SweAgentTrajectory } from './swe-agent-trajectory';

/** Records shared by every trajectory; constant, so a second file finds them as duplicates. */
const benchmark = { type: 'benchmark', id: 'swe-agent', name: 'SWE-agent', discipline: 'swe', role: 'mining' } as const;
const collection = { type: 'collection', id: 'swe-agent-import', name: 'SWE-agent import', agent: 'swe-agent' } as const;

/**
 * SWE-agent's default `command_cancelled_timeout_template`: the only trace a timed-out
 * command leaves, since trajectories record no exit status.
 */
const cancelledNotice = /^The command '[\s\S]*' was cancelled because it took more than \d+ seconds/;
/** What older SWE-agent versions (and its CTF demonstrations) answer for a command stopped at its time limit. */
const timedOutNotice = /^\s*EXECUTION TIMED OUT\b/;

/**
 * Every record of one trajectory, in writing order. `stem` names the rollout (and the
 * task when the file names no instance); `lines` holds the line where each entry starts.
 */
export function* trajectoryRecords(traj: SweAgentTrajectory, stem: string, hash: string, file: string, lines: readonly number[]): Generator<LocatedRecord> {
  const { trajectory: entries, info, replay_config: rawConfig, ...rest } = traj;
  const { submission, ...infoRest } = info ?? {};
  // A history-only file records its steps as the assistant's actions and the observations answering them.
  const trajectory = entries ?? entriesFromHistory(traj.history ?? []);
  const config = rawConfig === undefined || rawConfig === null ? rawConfig : parsedJson(rawConfig);
  const problem = field(config, 'problem_statement');
  const instance = field(problem, 'id');
  const model = field(field(field(config, 'agent'), 'model'), 'name');
  const name = typeof instance === 'string' && instance !== '' ? instance : stem;
  const rollout = runId('swe-agent', name, hash);
  const task = `swe-agent:${name}`;

  yield located(benchmark, file, 1);
  yield located({ type: 'task', id: task, benchmark: benchmark.id, statement: statementOf(problem, stem) }, file, 1);
  yield located(collection, file, 1);
  yield located(
    {
      ...rest,
      ...(info === undefined ? {} : { info: infoRest }),
      ...(config === undefined ? {} : { replay_config: config }),
      type: 'rollout',
      id: rollout,
      task,
      collection: collection.id,
      agent: typeof model === 'string' && model !== '' ? model : 'swe-agent',
      submitted: submission ?? null,
    },
    file,
    1,
  );
  // Steps read from the history have no entry lines of their own.
  for (const [index, entry] of trajectory.entries()) yield located(stepOf(entry, index, rollout), file, entries ? (lines[index] ?? 1) : 1);
}

/** Trajectory entries rebuilt from a conversation: each assistant action with the next message's content as its observation. */
function entriesFromHistory(history: NonNullable<SweAgentTrajectory['history']>): SweAgentEntry[] {
  const entries: SweAgentEntry[] = [];
  history.forEach((message, i) => {
    if (message.role !== 'assistant' || typeof message.action !== 'string' || message.action === '') return;
    const answer = history[i + 1];
    const { role: _role, content: _content, action, ...kept } = message;
    entries.push({
      ...kept,
      action,
      observation: answer && answer.role !== 'assistant' ? contentText(answer.content) : null,
      response: contentText(message.content),
    });
  });
  return entries;
}

function stepOf(entry: SweAgentEntry, index: number, rollout: string): Record<string, unknown> & { type: 'step' } {
  const { action, observation, execution_time: seconds, state, ...kept } = entry;
  const stdout = observation ?? '';
  return {
    ...kept,
    // Older versions wrote the state as a JSON string; stored parsed, both read alike.
    ...(state === undefined ? {} : { state: state === null ? null : parsedJson(state) }),
    type: 'step',
    rollout,
    index,
    command: action,
    stdout,
    stderr: '',
    // SWE-agent records no exit status; failure extraction then relies on the output's evidence alone.
    exitCode: null,
    durationMs: seconds === null || seconds === undefined ? null : Math.round(seconds * 1000),
    timedOut: cancelledNotice.test(stdout) || timedOutNotice.test(stdout),
    killed: false,
  };
}

/** The task statement: the problem text when the replay configuration holds it, else where the problem lives. */
function statementOf(problem: unknown, stem: string): string {
  const text = field(problem, 'text');
  if (typeof text === 'string' && text.trim() !== '') return text;
  const url = field(problem, 'github_url');
  if (typeof url === 'string' && url !== '') return `GitHub issue ${url}`;
  return `SWE-agent trajectory ${stem}: the trajectory does not record the problem statement.`;
}

/** A value that older versions wrote as a JSON string, parsed; kept as written when it is not JSON. */
function parsedJson(value: string | Record<string, unknown>): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
