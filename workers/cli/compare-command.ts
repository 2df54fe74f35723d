import type { ArmPairResearch, CaseGroup, ExperimentComparison } from '../../common/runs/run-types';
import { UsageError } from './cli-error';
import { defineCommand } from './commands';
import { formatTable } from './format-table';

const fmt = (v: number | null, digits = 4) => (v === null ? '—' : v.toFixed(digits));
const direction = (h: boolean | null) => (h === null ? 'unknown' : h ? 'higher better' : 'lower better');

/** The pooled figure the comparison shows (effect or relative effect), or why there is none. */
function pooledRows(r: ExperimentComparison): string[][] {
  const warn = r.pooled !== null && r.pooledTasks < 5 ? `  ⚠ only ${r.pooledTasks} task${r.pooledTasks === 1 ? '' : 's'}` : '';
  const ci = r.ci ? `[${fmt(r.ci[0])}, ${fmt(r.ci[1])}]` : '—';
  if (r.pooled === 'relative')
    return [
      ['effect', '— (metrics differ)'],
      ['relative effect', `${fmt(r.relativeEffect)}${warn}`],
      ['95% CI', ci],
    ];
  return [
    ['effect', r.effect === null ? '— (no pairs)' : `${fmt(r.effect)}${warn}`],
    ['95% CI', ci],
  ];
}

/** The per-case table (docs/definitions.md): task, metric, direction, pairs, A mean, B mean, improvement. */
export function perCaseTable(r: ExperimentComparison): string {
  return formatTable([
    ['case', 'task', 'metric', 'direction', 'pairs', `${r.a} mean`, `${r.b} mean`, 'improvement', 'pooled'],
    ...r.perCase.map((c) => [
      c.case,
      c.task,
      c.metric ?? '—',
      direction(c.higherIsBetter),
      c.pairs,
      fmt(c.meanA),
      fmt(c.meanB),
      fmt(c.improvement),
      c.leftOut ? `left out: ${c.leftOut}` : 'yes',
    ]),
  ]);
}

/** The research-style figures of the pair, each with its interval and definition. */
export function researchTable(r: ArmPairResearch): string {
  const ci = (c: [number, number] | null) => (c ? `[${fmt(c[0])}, ${fmt(c[1])}]` : '—');
  const cases = (g: CaseGroup) => `${g.cases.length}${g.cases.length ? ` (${g.cases.join(', ')})` : ''}`;
  const o = r.outcomes;
  return formatTable([
    ['figure', 'value', '95% interval', 'definition'],
    ['validity difference', fmt(r.validity.value), ci(r.validity.ci), r.validity.definition],
    [
      'sensitivity',
      `unknown as failed ${fmt(r.sensitivity.unknownAsFailed)}, as succeeded ${fmt(r.sensitivity.unknownAsSucceeded)}`,
      '',
      `${r.sensitivity.definition} Unknown: ${r.unknown.a} of ${r.slots.a} ${r.a} slots, ${r.unknown.b} of ${r.slots.b} ${r.b} slots.`,
    ],
    ['adverse endpoint', fmt(r.adverse.value), ci(r.adverse.ci), r.adverse.definition],
    [
      'time per attempt (s)',
      `${fmt(r.time.value, 2)} (${fmt(r.time.meanA, 2)} over ${r.time.timed.a} − ${fmt(r.time.meanB, 2)} over ${r.time.timed.b})`,
      r.time.ci ? `[${fmt(r.time.ci[0], 2)}, ${fmt(r.time.ci[1], 2)}]` : '—',
      r.time.definition,
    ],
    ['cases', `better ${cases(o.better)}, worse ${cases(o.worse)}, tied ${cases(o.tied)}, unpaired ${cases(o.unpaired)}`, '', o.definition],
  ]);
}

/** `rwb compare`: the paired comparison of two arms, as the Runs screen shows it. */
export const compareCommand = defineCommand({
  usage: 'rwb compare --experiment ID --a ARM --b ARM [--db FILE] [--json]',
  summary: 'paired comparison of two arms: per-case improvements by direction, pooled effect or relative effect, bootstrap CI, win rate, coverage, validity',
  options: { experiment: { type: 'string' }, a: { type: 'string' }, b: { type: 'string' } },
  async run(ctx) {
    const { experiment, a, b } = ctx.values;
    if (!experiment || !a || !b) throw new UsageError('compare needs --experiment ID --a ARM --b ARM');
    const r = await (await ctx.core()).invoke('experiments.compare', { experiment, a, b });
    if (ctx.json) return ctx.out(`${JSON.stringify(r, null, 2)}\n`);
    ctx.out(
      `${formatTable([
        ['experiment', r.experiment],
        ['arms', `${r.a} against ${r.b} (a positive improvement means ${r.a} did better)`],
        ...pooledRows(r),
        ['win rate', r.winRate === null ? '—' : `${fmt(r.winRate, 3)} of ${r.winPairs} pairs (ties count one half)`],
        ['coverage', `${r.pairedCases}/${r.cases} cases (${(100 * r.coverage).toFixed(0)}%), ${r.pairs} pairs`],
        [
          'validity diff',
          `${fmt(r.validity.difference, 3)} (unknown as failed ${fmt(r.validity.sensitivity.unknownAsFailed, 3)}, as succeeded ${fmt(r.validity.sensitivity.unknownAsSucceeded, 3)})`,
        ],
        ['bootstrap', `${r.resamples} resamples over tasks, seed ${r.seed}`],
        ...(r.placement
          ? (['a', 'b'] as const).map((side) => {
              const p = r.placement![side];
              return [
                `leaderboard ${r[side]}`,
                `medal ${fmt(p.medalRate, 3)}, above median ${fmt(p.aboveMedianRate, 3)} of ${p.slots} attempts; pass@k over repeats: medal ${fmt(p.anyMedalRate, 3)}, above median ${fmt(p.anyAboveMedianRate, 3)} of ${p.cases} cases`,
              ];
            })
          : []),
      ])}\n\n${perCaseTable(r)}\n${r.notes.map((n) => `\nnote: ${n}`).join('')}\n\nAs the research reports it (${r.a} against ${r.b}):\n${researchTable(r.research)}\n`,
    );
  },
});
