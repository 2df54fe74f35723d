import type { StepRow } from '../../common/corpus/corpus-types';
import type { ComparedRollout, RolloutComparison } from '../../common/corpus/rollout-comparison';
import { UsageError } from './cli-error';
import { defineCommand } from './commands';
import { formatTable } from './format-table';

/** One side of a printed row: the step as `steps.list` gives it, without its outputs. */
type PrintedStep = Pick<StepRow, 'index' | 'command' | 'exitCode' | 'durationMs' | 'timedOut' | 'killed' | 'failureKind' | 'program'> & { position: number };

const printed = (steps: StepRow[], position: number | null): PrintedStep | null => {
  const s = position === null ? undefined : steps[position];
  if (!s || position === null) return null;
  return {
    position,
    index: s.index,
    command: s.command,
    exitCode: s.exitCode,
    durationMs: s.durationMs,
    timedOut: s.timedOut,
    killed: s.killed,
    failureKind: s.failureKind,
    program: s.program,
  };
};

function summary(side: 'A' | 'B', r: ComparedRollout): string[] {
  const kinds = Object.entries(r.failureKinds).map(([kind, n]) => `${kind} ${n}`);
  const only = r.onlyHere.map(
    (f) => `${f.kind}${f.exceptionClass ? ` ${f.exceptionClass}` : ''} ×${f.extra} (steps ${f.at.map((s) => s.step ?? 'grading').join(', ')})`,
  );
  return [
    `${side} ${r.id}`,
    `grade ${r.grade ?? 'ungraded'}, score ${r.score ?? '—'}${r.metric ? ` (${r.metric})` : ''}; ${r.steps} steps; ${r.failures} ${r.failures === 1 ? 'failure' : 'failures'}${kinds.length ? `: ${kinds.join(', ')}` : ''}`,
    `only here: ${only.length ? only.join('; ') : 'none'}`,
  ];
}

const cell = (s: PrintedStep | null) =>
  s === null ? ['', '', ''] : [s.index, s.timedOut ? 'timeout' : s.killed ? 'killed' : (s.exitCode ?? '—'), s.command.split('\n')[0]!.slice(0, 60)];

function text(r: RolloutComparison, rows: { a: PrintedStep | null; b: PrintedStep | null; differs: string[] }[]): string {
  const first = r.firstDivergence === null ? 'none: the two rollouts did the same thing step for step' : `row ${r.firstDivergence}`;
  const head = [
    ...summary('A', r.a),
    ...summary('B', r.b),
    `${r.sameTask ? 'same task' : `different tasks (${r.a.taskId}, ${r.b.taskId})`}; ${r.rows.length} rows, ${r.matchedRows} aligned, ${r.differingRows} differ; first divergence: ${first}`,
    ...(r.approximateSplits > 0
      ? [
          `approximate: ${r.approximateSplits} stretches differed by more than 1,024 edits and were split where the search reached, so a few matching steps there may sit on separate rows`,
        ]
      : []),
  ];
  const table = formatTable([
    ['', 'row', 'A', 'exit', 'A command', 'B', 'exit', 'B command', 'differs'],
    ...rows.map((row, i) => [i === r.firstDivergence ? '▶' : '', i, ...cell(row.a), ...cell(row.b), row.differs.join(', ')]),
  ]);
  return `${head.join('\n')}\n\n${table}\n`;
}

/** `rwb compare-rollouts`: the alignment the Compare rollouts screen shows, each row with both steps. */
export const compareRolloutsCommand = defineCommand({
  usage: 'rwb compare-rollouts A B [--db FILE] [--json]',
  summary: "two rollouts' steps aligned by command and program, what differs on each row, the first divergence and the failures only one side has",
  options: {},
  async run(ctx) {
    const [a, b, ...rest] = ctx.positionals;
    if (!a || !b || rest.length > 0) throw new UsageError('compare-rollouts needs two rollout ids: rwb compare-rollouts A B');
    const core = await ctx.core();
    const result = await core.invoke('rollouts.compare', { a, b });
    const [stepsA, stepsB] = [await core.invoke('steps.list', { rollout: a }), await core.invoke('steps.list', { rollout: b })];
    const rows = result.rows.map((row) => ({ a: printed(stepsA, row.a), b: printed(stepsB, row.b), differs: row.differs }));
    if (ctx.json) return ctx.out(`${JSON.stringify({ ...result, rows }, null, 2)}\n`);
    ctx.out(text(result, rows));
  },
});
