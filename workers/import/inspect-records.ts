/**
 * Maps Inspect AI samples to bundle v1 records: one rollout per sample and epoch, one step
 * per tool call (the call's command, the tool's answer as output), a typed tool error
 * (`timeout`, `parsing`, `permission`, ...) as the failure of its step, and the sample's
 * score as the rollout's grade: Inspect's `C`/`I`/`P`/`N` letters, booleans or numbers.
 */
import type { LocatedRecord } from './bundle-reader';
import { located } from './json-document';
import { runId } from './run-id';

type Json = Record<string, unknown>;

const benchmark = { type: 'benchmark', id: 'inspect', name: 'Inspect AI', discipline: 'ml', role: 'mining' } as const;
const collection = { type: 'collection', id: 'inspect-import', name: 'Inspect AI import', agent: 'inspect' } as const;

/** The eval a sample belongs to: its `eval` block (task, model, run id). */
export interface InspectEval {
  task: string;
  model: string | null;
  runId: string | null;
}

export function inspectEval(header: Json): InspectEval {
  const spec = (header.eval ?? {}) as Json;
  return {
    task: typeof spec.task === 'string' && spec.task !== '' ? spec.task : 'inspect-task',
    model: typeof spec.model === 'string' ? spec.model : null,
    runId: typeof spec.run_id === 'string' ? spec.run_id : null,
  };
}

/** The shared records, written once per file. */
export function* inspectShared(file: string): Generator<LocatedRecord> {
  yield located(benchmark, file, 1);
  yield located(collection, file, 1);
}

/** The records of one sample; `hash` identifies its content within this eval. */
export function* sampleRecords(sample: Json, spec: InspectEval, hash: string, file: string): Generator<LocatedRecord> {
  const sampleId = String(sample.id ?? 'sample');
  const epoch = typeof sample.epoch === 'number' ? sample.epoch : 1;
  const task = `inspect:${spec.task}:${sampleId}`;
  const rollout = runId('inspect', `${spec.task}/${sampleId}/epoch-${epoch}`, hash);
  const { messages: _messages, events: _events, attachments: _attachments, input, scores, id: _id, epoch: _epoch, ...rest } = sample;
  const grade = gradeOf(scores);
  yield located({ type: 'task', id: task, benchmark: benchmark.id, statement: textOf(input) || `Inspect sample ${sampleId} of ${spec.task}` }, file, 1);
  yield located(
    {
      ...rest,
      ...(scores === undefined ? {} : { scores }),
      ...(spec.runId === null ? {} : { evalRunId: spec.runId }),
      type: 'rollout',
      id: rollout,
      task,
      collection: collection.id,
      agent: spec.model ?? 'inspect',
      seed: epoch,
      ...(grade.grade === null ? {} : { grade: grade.grade }),
      score: grade.score,
    },
    file,
    1,
  );
  const messages = Array.isArray(sample.messages) ? (sample.messages as Json[]) : [];
  for (const [index, call] of toolSteps(messages).entries()) {
    const error = call.result?.error as Json | undefined | null;
    const errorType = typeof error?.type === 'string' ? error.type : null;
    yield located(
      {
        type: 'step',
        rollout,
        index,
        command: call.command,
        stdout: textOf(call.result?.content),
        stderr: '',
        exitCode: null,
        timedOut: errorType === 'timeout',
        killed: false,
        tool: call.tool,
        ...(call.id === null ? {} : { toolCallId: call.id }),
        ...(error ? { toolError: error } : {}),
      },
      file,
      1,
    );
    if (errorType !== null) {
      const message = typeof error?.message === 'string' && error.message !== '' ? `${errorType}: ${error.message}` : errorType;
      yield located({ type: 'failure', rollout, step: index, kind: errorType === 'timeout' ? 'timeout' : 'crash', message }, file, 1);
    }
  }
}

interface ToolStep {
  id: string | null;
  tool: string;
  command: string;
  result: Json | undefined;
}

/**
 * Each tool call of the assistant's messages with the tool message that answered it; then
 * the tool messages no recorded call asked for (a log can hold the answers alone).
 */
function toolSteps(messages: readonly Json[]): ToolStep[] {
  const results = new Map<string, Json>();
  for (const m of messages) if (m.role === 'tool' && typeof m.tool_call_id === 'string') results.set(m.tool_call_id, m);
  const steps: ToolStep[] = [];
  const answered = new Set<Json>();
  for (const m of messages) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
    for (const call of m.tool_calls as Json[]) {
      const id = typeof call.id === 'string' ? call.id : null;
      const result = id === null ? undefined : results.get(id);
      if (result) answered.add(result);
      const tool = String(call.function ?? 'tool');
      steps.push({ id, tool, command: commandOf(tool, call.arguments), result });
    }
  }
  for (const m of messages) {
    if (m.role !== 'tool' || answered.has(m)) continue;
    const tool = String(m.function ?? 'tool');
    steps.push({ id: typeof m.tool_call_id === 'string' ? m.tool_call_id : null, tool, command: tool, result: m });
  }
  return steps;
}

/** What a tool call ran: the shell command or Python code when it is one, else the tool and its arguments. */
function commandOf(tool: string, args: unknown): string {
  const a = (typeof args === 'object' && args !== null ? args : {}) as Json;
  if (typeof a.cmd === 'string') return a.cmd;
  if (typeof a.command === 'string') return a.command;
  if (typeof a.code === 'string') return a.code;
  return `${tool} ${JSON.stringify(a)}`;
}

/** Inspect's score letters: correct, incorrect, partial, no answer. */
const letters: Record<string, { grade: 'correct' | 'wrong' | 'missing'; score: number | null }> = {
  C: { grade: 'correct', score: 1 },
  I: { grade: 'wrong', score: 0 },
  P: { grade: 'wrong', score: 0.5 },
  N: { grade: 'missing', score: null },
};

/** The grade and score of the sample's first scorer. */
function gradeOf(scores: unknown): { grade: 'correct' | 'wrong' | 'missing' | null; score: number | null } {
  if (typeof scores !== 'object' || scores === null) return { grade: null, score: null };
  const first = Object.values(scores as Json)[0] as Json | undefined;
  const value = first?.value;
  if (typeof value === 'string' && value in letters) return letters[value]!;
  if (typeof value === 'boolean') return value ? letters.C! : letters.I!;
  if (typeof value === 'number' && Number.isFinite(value)) return { grade: null, score: value };
  return { grade: null, score: null };
}

/** Text of a string, a list of content parts, or a list of chat messages. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  return value
    .map((part) => {
      if (typeof part === 'string') return part;
      const p = (part ?? {}) as Json;
      if (typeof p.text === 'string') return p.text;
      return textOf(p.content);
    })
    .filter((t) => t !== '')
    .join('\n');
}
