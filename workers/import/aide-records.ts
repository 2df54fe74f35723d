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
import { importError, type SourceLocation } from './import-error';
import { isNonFiniteWord } from './json-text';
import { runId } from './run-id';

/** The file AIDE's interpreter writes each node's code to (it names it in every traceback). */
const agentFile = 'runfile.py';
/** AIDE runs the code inside its own Python process; this is the equivalent command, for display and search. */
const command = `python ${agentFile}`;
/** The line AIDE appends to a node's output when it interrupted the run at its time limit. */
const timeLimitNotice = /TimeoutError: Execution exceeded the time limit/;

/** Records shared by every journal; constant, so a second journal finds them as duplicates. */
const benchmark = { type: 'benchmark', id: 'aide', name: 'AIDE', discipline: 'ml', role: 'mining' } as const;
const collection = { type: 'collection', id: 'aide-import', name: 'AIDE import', agent: 'aide' } as const;

/** Where a journal's parts are in its file, for error messages. */
export interface JournalLines {
  /** The line where each node starts. */
  nodes: readonly number[];
  /** The line of a child's entry in `node2parent`. */
  link(child: string): number;
}

/**
 * Every record of one journal, in writing order. `stem` (the file's name) and `hash` (of
 * its text) name the rollout; the task is named by the stem alone. `readCode` gives the text
 * of a node's `code_file` (a variant that keeps programs beside the journal).
 */
export function* journalRecords(
  journal: AideJournal,
  stem: string,
  hash: string,
  file: string,
  lines: JournalLines,
  readCode: CodeFileReader,
): Generator<LocatedRecord> {
  const { nodes, node2parent, task_desc: taskDesc, ...journalExtra } = journal;
  const rollout = runId('aide', stem, hash);
  const parents = parentIndexes(nodes, node2parent, file, lines);
  yield located(benchmark, file, 1);
  yield located(
    {
      type: 'task',
      id: `aide:${stem}`,
      benchmark: benchmark.id,
      statement: taskDesc ?? `AIDE journal ${stem}: the journal does not record the task description.`,
      higherIsBetter: nodes.map((n) => n.metric?.maximize).find((m) => typeof m === 'boolean'),
    },
    file,
    1,
  );
  yield located(collection, file, 1);
  yield located({ ...journalExtra, type: 'rollout', id: rollout, task: `aide:${stem}`, collection: collection.id, agent: 'aide' }, file, 1);
  for (const [index, node] of nodes.entries()) {
    const line = lines.nodes[index] ?? 1;
    const content = node.code ?? readCode(node.code_file!, { file, line, field: `nodes.${index}.code_file` });
    yield located({ type: 'program', rollout, path: agentFile, version: index, content }, file, line);
    yield located(stepOf(node, index, parents[index] ?? null, rollout), file, line);
    // A node the agent judged buggy without an exception (a wrong metric, a bad submission) is a failure no output shows.
    if (node.is_buggy === true && (node.exc_type ?? null) === null) {
      const analysis = typeof node.analysis === 'string' && node.analysis.trim() !== '' ? node.analysis.trim() : 'marked buggy by the agent';
      yield located({ type: 'failure', rollout, step: index, kind: 'buggy', message: analysis }, file, line);
    }
  }
}

/** The text of the file a node names in `code_file`, or an import error at `where`. */
export type CodeFileReader = (codeFile: string, where: SourceLocation) => string;

/**
 * The node's output as one text. AIDE stores it as chunks that carry their own newlines;
 * some variants store one chunk per line with the newlines stripped, which are put back.
 */
function outputOf(chunks: readonly string[]): string {
  if (chunks.length > 1 && !chunks.some((c) => c.includes('\n'))) return `${chunks.join('\n')}\n`;
  return chunks.join('');
}

/** Each node's parent as a step index, from `node2parent`; null for roots. */
function parentIndexes(nodes: readonly AideNode[], node2parent: Readonly<Record<string, string>>, file: string, lines: JournalLines): (number | null)[] {
  const indexOf = new Map<string, number>();
  nodes.forEach((node, index) => {
    if (node.id === undefined) return;
    if (indexOf.has(node.id)) {
      throw importError({ file, line: lines.nodes[index] ?? 1, field: `nodes.${index}.id` }, `node id "${node.id}" appears twice`);
    }
    indexOf.set(node.id, index);
  });
  const parents: (number | null)[] = nodes.map(() => null);
  for (const [child, parent] of Object.entries(node2parent)) {
    const childIndex = indexOf.get(child);
    const parentIndex = indexOf.get(parent);
    const missing = childIndex === undefined ? child : parentIndex === undefined ? parent : undefined;
    if (missing !== undefined) {
      throw importError({ file, line: lines.link(child), field: `node2parent.${child}` }, `refers to node "${missing}", which is not in nodes`);
    }
    parents[childIndex!] = parentIndex!;
  }
  refuseCycles(parents, nodes, file, lines);
  return parents;
}

/** A tree has no cycles: following parents from any node must reach a root. */
function refuseCycles(parents: readonly (number | null)[], nodes: readonly AideNode[], file: string, lines: JournalLines): void {
  const settled = new Set<number>();
  for (let start = 0; start < parents.length; start++) {
    const path = new Set<number>();
    for (let at: number | null = start; at !== null && !settled.has(at); at = parents[at] ?? null) {
      if (path.has(at)) {
        const id = nodes[at]!.id ?? String(at);
        const where = { file, line: lines.link(id), field: `node2parent.${id}` };
        throw importError(where, parents[at] === at ? `node "${id}" is its own parent` : `node "${id}" is its own ancestor (a cycle in node2parent)`);
      }
      path.add(at);
    }
    for (const n of path) settled.add(n);
  }
}

function stepOf(node: AideNode, index: number, parent: number | null, rollout: string): Record<string, unknown> & { type: 'step' } {
  // `parent` and `children` are always cleared in a saved journal (the tree is node2parent);
  // `code`, `_term_out` and `exec_time` become the program, stdout and duration.
  const { code: _code, code_file: _codeFile, _term_out: termOut, exec_time: execTime, parent: _parent, children: _children, ...kept } = node;
  const stdout = outputOf(termOut ?? []);
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
    // Python's json writes a missing metric as NaN (or an infinity): stored as no score, and said so.
    ...(isNonFiniteWord(node.metric?.value) ? { scoreNote: `the metric was ${node.metric.value}, stored as no score` } : {}),
    program: { path: agentFile, version: index },
  };
}
