/**
 * Maps a parsed AIDE journal to bundle v1 records: one rollout per journal, and per node
 * (in journal order) one program version and one step. The search tree becomes the
 * steps' `parent` indexes; the node's review (`plan`, `analysis`, `is_buggy`, `metric`,
 * the exception fields, ...) stays on its step as `extra`.
 */
import type { LocatedRecord } from './bundle-reader';
import { parseTracebacks } from '../failures';
import type { AideJournal, AideNode } from './aide-journal';
import { located } from './json-document';
import { synthesiseTraceback } from './aide-traceback';
import { importError } from './import-error';

/** The file AIDE's interpreter writes each node's code to (it names it in every traceback). */
const agentFile = 'runfile.py';
/** AIDE runs the code inside its own Python process; this is the equivalent command, for display and search. */
const command = `python ${agentFile}`;
/** The line AIDE appends to a node's output when it interrupted the run at its time limit. */
const timeLimitNotice = /TimeoutError: Execution exceeded the time limit/;

/** Records shared by every journal; constant, so a second journal finds them as duplicates. */
const benchmark = { type: 'benchmark', id: 'aide', name: 'AIDE', discipline: 'ml', role: 'mining' } as const;
const collection = { type: 'collection', id: 'aide-import', name: 'AIDE import', agent: 'aide' } as const;

/**
 * Every record of one journal, in writing order. `stem` names the rollout and its task;
 * `lines` holds the line where each node starts, for error messages.
 */
export function* journalRecords(journal: AideJournal, stem: string, file: string, lines: readonly number[]): Generator<LocatedRecord> {
  const { nodes, node2parent, task_desc: taskDesc, ...journalExtra } = journal;
  const rollout = `aide:${stem}`;
  const parents = parentIndexes(nodes, node2parent, file, lines);
  yield located(benchmark, file, 1);
  yield located(
    {
      type: 'task',
      id: rollout,
      benchmark: benchmark.id,
      statement: taskDesc ?? `AIDE journal ${stem}: the journal does not record the task description.`,
      higherIsBetter: nodes.map((n) => n.metric?.maximize).find((m) => typeof m === 'boolean'),
    },
    file,
    1,
  );
  yield located(collection, file, 1);
  yield located({ ...journalExtra, type: 'rollout', id: rollout, task: rollout, collection: collection.id, agent: 'aide' }, file, 1);
  for (const [index, node] of nodes.entries()) {
    const line = lines[index] ?? 1;
    yield located({ type: 'program', rollout, path: agentFile, version: index, content: node.code }, file, line);
    yield located(stepOf(node, index, parents[index] ?? null, rollout), file, line);
  }
}

/** Each node's parent as a step index, from `node2parent`; null for roots. */
function parentIndexes(
  nodes: readonly AideNode[],
  node2parent: Readonly<Record<string, string>>,
  file: string,
  lines: readonly number[],
): (number | null)[] {
  const indexOf = new Map<string, number>();
  nodes.forEach((node, index) => {
    if (node.id === undefined) return;
    if (indexOf.has(node.id)) {
      throw importError({ file, line: lines[index] ?? 1, field: `nodes.${index}.id` }, `node id "${node.id}" appears twice`);
    }
    indexOf.set(node.id, index);
  });
  const parents: (number | null)[] = nodes.map(() => null);
  for (const [child, parent] of Object.entries(node2parent)) {
    const childIndex = indexOf.get(child);
    const parentIndex = indexOf.get(parent);
    const missing = childIndex === undefined ? child : parentIndex === undefined ? parent : undefined;
    if (missing !== undefined) {
      throw importError({ file, line: 1, field: `node2parent.${child}` }, `refers to node "${missing}", which is not in nodes`);
    }
    parents[childIndex!] = parentIndex!;
  }
  return parents;
}

function stepOf(node: AideNode, index: number, parent: number | null, rollout: string): Record<string, unknown> & { type: 'step' } {
  // `parent` and `children` are always cleared in a saved journal (the tree is node2parent);
  // `code`, `_term_out` and `exec_time` become the program, stdout and duration.
  const { code: _code, _term_out: termOut, exec_time: execTime, parent: _parent, children: _children, ...kept } = node;
  const stdout = (termOut ?? []).join('');
  const excType = node.exc_type ?? null;
  const timedOut = excType === 'TimeoutError' && timeLimitNotice.test(stdout);
  // Failure extraction reads output text only. AIDE normally prints the traceback into
  // _term_out; when it is missing there, the structured exception is written out as a
  // CPython traceback on stderr so the failure event still gets its class and frames.
  const synthesise = excType !== null && !timedOut && parseTracebacks(stdout).length === 0;
  return {
    ...kept,
    type: 'step',
    rollout,
    index,
    parent,
    command,
    stdout,
    stderr: synthesise ? synthesiseTraceback(excType, node.exc_info ?? null, node.exc_stack ?? [], agentFile) : '',
    // A node with an exception is one whose script raised out of its top level: what a
    // `python runfile.py` run reports as exit status 1. AIDE marks every such node buggy.
    exitCode: excType === null ? 0 : 1,
    durationMs: execTime === null || execTime === undefined ? null : Math.round(execTime * 1000),
    timedOut,
    killed: false,
    score: !node.is_buggy && typeof node.metric?.value === 'number' ? node.metric.value : null,
    program: { path: agentFile, version: index },
  };
}
