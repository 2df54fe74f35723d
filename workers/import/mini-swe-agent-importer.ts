/**
 * mini-swe-agent trajectories (`<instance>.traj.json`): `{info, messages,
 * trajectory_format: "mini-swe-agent-1"}`, or the bare list of messages older versions and
 * its tests write. Every assistant message holds one bash block (```bash or
 * ```mswea_bash_command); the user message after it answers with `<returncode>N</returncode>`
 * and `<output>...</output>`. Each block is one step with that exit code and output; the
 * answer to the submit command (no return code: the diff itself) is the submission.
 */
import { basename } from 'node:path';
import type { LocatedRecord } from './bundle-reader';
import { claim, type Importer } from './importer';
import { type Shape } from './json-shape';
import { itemsOf, member, textOf, textsIn } from './shape-queries';
import { importError } from './import-error';
import { fileStem, located, readJsonValue } from './json-document';
import { contentText, field } from './json-fields';
import { canonicalJson } from '../util/canonical-json';
import { contentHash, runId } from './run-id';

export const miniSweAgentImporter: Importer = {
  format: 'mini-swe-agent',
  summary: 'mini-swe-agent trajectories (mini-swe-agent-1, or a bare message list)',
  recognise: ({ value }) => {
    if (textOf(member(value, 'trajectory_format'))?.startsWith('mini-swe-agent-')) return claim.marker;
    if (member(value, 'info')?.kind === 'object' && isMessageList(member(value, 'messages'))) return claim.structure;
    return isMessageList(value ?? undefined) && textsIn(value ?? undefined).some((t) => commandMark.test(t)) ? claim.structure : null;
  },
  records: readMiniTrajectory,
};

/** A list of chat messages that starts with the system prompt. */
function isMessageList(shape: Shape | undefined): boolean {
  return textOf(member(itemsOf(shape)[0], 'role')) === 'system';
}

/** What mini-swe-agent's messages hold and other chats do not: its bash block, or its answer's return code. */
const commandMark = /```(mswea_bash_command|bash)\n|<returncode>/;

const benchmark = { type: 'benchmark', id: 'mini-swe-agent', name: 'mini-swe-agent', discipline: 'swe', role: 'mining' } as const;
const collection = { type: 'collection', id: 'mini-swe-agent-import', name: 'mini-swe-agent import', agent: 'mini-swe-agent' } as const;

/** The one command of an assistant message. */
const bashBlock = /```(?:mswea_bash_command|bash)[^\n]*\n([\s\S]*?)\n?```/;
const returnCode = /^\s*<returncode>(-?\d+)<\/returncode>/;
const outputBlock = /<output>\n?([\s\S]*?)\n?<\/output>\s*$/;
/** The command mini-swe-agent's agent echoes to hand in its work; what follows is the diff. */
const submitMarker = /COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT|MINI_SWE_AGENT_FINAL_OUTPUT/;

interface Message {
  role: string;
  content: string;
}

async function* readMiniTrajectory(path: string, label: string, signal?: AbortSignal): AsyncGenerator<LocatedRecord> {
  const { value } = await readJsonValue(path, label, signal);
  const document = Array.isArray(value) ? { messages: value } : (value as Record<string, unknown>);
  const { messages: rawMessages, info, trajectory_format: format, ...rest } = document;
  const messages = checkedMessages(rawMessages, label, Array.isArray(value) ? '' : 'messages');
  const stem = fileStem(basename(path), ['.gz', '.json', '.traj']);
  const instance = field(info, 'instance_id');
  const name = typeof instance === 'string' && instance !== '' ? instance : stem;
  const rollout = runId('mini-swe-agent', name, contentHash(canonicalJson(value)));
  const task = `mini-swe-agent:${name}`;
  const steps = stepsOf(messages);
  const submission = field(info, 'submission');
  const exitStatus = field(info, 'exit_status');

  yield located(benchmark, label, 1);
  yield located({ type: 'task', id: task, benchmark: benchmark.id, statement: statementOf(messages, name) }, label, 1);
  yield located(collection, label, 1);
  const model = field(field(field(info, 'config'), 'model'), 'model_name');
  yield located(
    {
      ...rest,
      ...(info === undefined ? {} : { info }),
      ...(format === undefined ? {} : { trajectory_format: format }),
      type: 'rollout',
      id: rollout,
      task,
      collection: collection.id,
      agent: typeof model === 'string' && model !== '' ? model : 'mini-swe-agent',
      submitted: typeof submission === 'string' ? submission : (steps.find((s) => s.submitted)?.stdout ?? null),
      // mini-swe-agent does not grade its runs; how the run ended is what it records.
      ...(typeof exitStatus === 'string' && exitStatus !== '' ? { graderVerdict: `mini-swe-agent exit status: ${exitStatus} (not graded)` } : {}),
    },
    label,
    1,
  );
  for (const [index, step] of steps.entries()) {
    const { submitted: _submitted, ...kept } = step;
    yield located({ ...kept, type: 'step', rollout, index, stderr: '', timedOut: false, killed: false }, label, 1);
  }
}

interface MiniStep {
  command: string;
  stdout: string;
  exitCode: number | null;
  thought: string;
  submitted: boolean;
}

/** One step per assistant message with a bash block, answered by the next user message. */
function stepsOf(messages: readonly Message[]): MiniStep[] {
  const steps: MiniStep[] = [];
  messages.forEach((message, i) => {
    if (message.role !== 'assistant') return;
    const block = bashBlock.exec(message.content);
    if (!block) return;
    const answer = messages[i + 1];
    const reply = answer && answer.role !== 'assistant' ? answer.content : '';
    const code = returnCode.exec(reply);
    const output = code ? outputBlock.exec(reply) : null;
    steps.push({
      command: block[1]!,
      stdout: output ? output[1]! : reply,
      exitCode: code ? Number(code[1]) : null,
      thought: message.content.slice(0, block.index).trim(),
      submitted: code === null && submitMarker.test(block[1]!),
    });
  });
  return steps;
}

function statementOf(messages: readonly Message[], name: string): string {
  const first = messages.find((m) => m.role === 'user');
  return first && first.content.trim() !== '' ? first.content : `mini-swe-agent run ${name}: the trajectory does not record the task.`;
}

function checkedMessages(value: unknown, label: string, field: string): Message[] {
  if (!Array.isArray(value)) throw importError({ file: label, line: 1, field: field || undefined }, 'the messages must be a JSON array');
  return value.map((m, i) => {
    const where = field ? `${field}.${i}` : String(i);
    if (typeof m !== 'object' || m === null) throw importError({ file: label, line: 1, field: where }, 'a message must be a JSON object');
    const { role, content } = m as Record<string, unknown>;
    if (typeof role !== 'string') throw importError({ file: label, line: 1, field: `${where}.role` }, 'missing the role');
    return { role, content: contentText(content) };
  });
}
