/**
 * Maps one OpenHands run (its event history) to bundle v1 records: one rollout, and one
 * step per action the agent ran in the sandbox (`run` shell commands, `run_ipython` cells,
 * file `edit`s, `read`s and `write`s, `browse`), with the observation that answered it
 * (linked by `cause`). A `run` observation's `extras.metadata.exit_code` is the step's exit
 * code (-1, OpenHands' "no exit code", is stored as unknown); an edit the harness refused
 * (its observation starts `ERROR:`) becomes a `rejected_edit` failure of its step. The
 * final state (the `finish` action's thought, the last agent state, the evaluation's
 * error) stays on the rollout as `extra`. Where the evaluation graded the patch (SWE-bench's
 * `test_result.report`), its verdict is the rollout's grade.
 */
import type { grades } from '../../common/corpus/bundle';
import type { LocatedRecord } from './bundle-reader';
import { located } from './json-document';
import { field } from './json-fields';
import { runId } from './run-id';

type Event = Record<string, unknown>;

const benchmark = { type: 'benchmark', id: 'openhands', name: 'OpenHands', discipline: 'swe', role: 'mining' } as const;
const collection = { type: 'collection', id: 'openhands-import', name: 'OpenHands import', agent: 'openhands' } as const;

/** Actions that do something in the sandbox; messages, thoughts, recalls and the system prompt are not steps. */
const stepActions = new Set(['run', 'run_ipython', 'edit', 'read', 'write', 'browse', 'browse_interactive']);

/** What one run is, besides its history: the evaluation output line's other fields, when there is one. */
export interface OpenHandsRun {
  /** The instance (SWE-bench id) or, for a bare event list, the file's stem. */
  name: string;
  /** Hash of the run's text, for its id. */
  hash: string;
  history: readonly Event[];
  /** The evaluation output line without its history; empty for an event list. */
  output: Record<string, unknown>;
}

/** Every record of one run; `line` is where the run starts in the file (its JSONL line, or 1). */
export function* openHandsRecords(run: OpenHandsRun, file: string, line: number): Generator<LocatedRecord> {
  const rollout = runId('openhands', run.name, run.hash);
  const { instance, test_result: testResult, metadata, instruction, instance_id: _instance, ...rest } = run.output;
  const problem = field(instance, 'problem_statement');
  const task = `openhands:${run.name}`;
  const statement =
    typeof problem === 'string' && problem.trim() !== ''
      ? problem
      : typeof instruction === 'string' && instruction.trim() !== ''
        ? instruction
        : (firstUserMessage(run.history) ?? `OpenHands run ${run.name}: the file does not record the task.`);
  const model = field(field(metadata, 'llm_config'), 'model');
  const patch = field(testResult, 'git_patch');

  yield located(benchmark, file, line);
  yield located({ type: 'task', id: task, benchmark: benchmark.id, statement }, file, line);
  yield located(collection, file, line);
  yield located(
    {
      ...rest,
      ...(metadata === undefined ? {} : { metadata }),
      ...(testResult === undefined ? {} : { test_result: testResult }),
      finalState: finalState(run.history),
      type: 'rollout',
      id: rollout,
      task,
      collection: collection.id,
      agent: typeof model === 'string' && model !== '' ? model : 'openhands',
      submitted: typeof patch === 'string' ? patch : null,
      ...reportedGrade(testResult),
    },
    file,
    line,
  );

  const observations = new Map<unknown, Event>();
  for (const event of run.history) if (event.observation !== undefined && event.cause !== undefined) observations.set(event.cause, event);
  let index = 0;
  for (const event of run.history) {
    if (typeof event.action !== 'string' || !stepActions.has(event.action)) continue;
    const observation = observations.get(event.id);
    yield located(stepOf(event, observation, rollout, index), file, line);
    const refusal = refusedEdit(event, observation);
    if (refusal !== null) yield located({ type: 'failure', rollout, step: index, kind: 'rejected_edit', message: refusal }, file, line);
    index += 1;
  }
}

function stepOf(action: Event, observation: Event | undefined, rollout: string, index: number): Record<string, unknown> & { type: 'step' } {
  const args = (action.args ?? {}) as Record<string, unknown>;
  const content = typeof observation?.content === 'string' ? observation.content : '';
  const exit = field(field(observation?.extras, 'metadata'), 'exit_code');
  const exitCode = action.action === 'run' && typeof exit === 'number' && Number.isInteger(exit) && exit !== -1 ? exit : null;
  return {
    type: 'step',
    rollout,
    index,
    command: commandOf(String(action.action), args),
    stdout: content,
    stderr: '',
    exitCode,
    durationMs: duration(action.timestamp, observation?.timestamp),
    // OpenHands stops a command at its time limit and says so in the output, with no exit code.
    timedOut: action.action === 'run' && exitCode === null && /\bcommand timed out\b|timed out after \d+ seconds/i.test(content),
    killed: false,
    event: action.id,
    ...(typeof args.thought === 'string' && args.thought !== '' ? { thought: args.thought } : {}),
    ...(observation === undefined ? { observation: null } : { observation: observation.observation }),
  };
}

/** The command line a step shows: the shell command, the Python cell, or the file operation. */
function commandOf(action: string, args: Record<string, unknown>): string {
  if (action === 'run' && typeof args.command === 'string') return args.command;
  if (action === 'run_ipython' && typeof args.code === 'string') return args.code;
  if (action === 'browse' && typeof args.url === 'string') return `browse ${args.url}`;
  if (action === 'browse_interactive' && typeof args.browser_actions === 'string') return args.browser_actions;
  const operation = action === 'edit' && typeof args.command === 'string' && args.command !== '' ? args.command : action;
  return typeof args.path === 'string' ? `${operation} ${args.path}` : operation;
}

/** The harness's refusal of an edit (its first line after `ERROR:`), or null when the edit was made. */
function refusedEdit(action: Event, observation: Event | undefined): string | null {
  if (action.action !== 'edit' || observation === undefined) return null;
  const content = typeof observation.content === 'string' ? observation.content : '';
  if (observation.observation === 'error') return content.trim() || 'the edit was refused';
  if (!content.startsWith('ERROR:')) return null;
  return content.slice('ERROR:'.length).trim() || 'the edit was refused';
}

/** How the run ended: the `finish` action's final thought and the last agent state announced. */
function finalState(history: readonly Event[]): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const event of history) {
    if (event.action === 'finish') {
      const args = (event.args ?? {}) as Record<string, unknown>;
      state.finished = true;
      state.finalThought = args.final_thought ?? args.thought ?? event.message ?? null;
    }
    const agentState = field(event.extras, 'agent_state');
    if (event.observation === 'agent_state_changed' && typeof agentState === 'string') state.agentState = agentState;
  }
  state.finished ??= false;
  return state;
}

/**
 * The grade a SWE-bench evaluation report gives the run, with what the report said: no patch
 * is `missing`, a patch that did not apply `invalid`, else resolved or not. An evaluation
 * that errored grades nothing (the outcome is unknown, and stays so).
 */
function reportedGrade(testResult: unknown): { grade?: (typeof grades)[number]; graderVerdict?: string } {
  const report = field(testResult, 'report') ?? testResult;
  const flag = (name: string) => field(report, name) === true;
  if (typeof field(report, 'resolved') !== 'boolean') return {};
  if (flag('error_eval')) return { graderVerdict: 'SWE-bench evaluation: error while evaluating; not graded' };
  if (flag('empty_generation')) return { grade: 'missing', graderVerdict: 'SWE-bench evaluation: no patch was generated' };
  if (flag('failed_apply_patch')) return { grade: 'invalid', graderVerdict: 'SWE-bench evaluation: the patch did not apply' };
  if (flag('resolved')) return { grade: 'correct', graderVerdict: 'SWE-bench evaluation: resolved' };
  return { grade: 'wrong', graderVerdict: `SWE-bench evaluation: not resolved${flag('test_timeout') ? ' (the tests timed out)' : ''}` };
}

function firstUserMessage(history: readonly Event[]): string | null {
  const first = history.find((e) => e.source === 'user' && e.action === 'message');
  const text = field(first?.args, 'content') ?? first?.message;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

function duration(start: unknown, end: unknown): number | null {
  if (typeof start !== 'string' || typeof end !== 'string') return null;
  const ms = Date.parse(end) - Date.parse(start);
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms) : null;
}
