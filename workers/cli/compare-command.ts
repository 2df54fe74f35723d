import { UsageError } from './cli-error';
import type { Command } from './commands';
import { formatTable } from './format-table';

const fmt = (v: number | null, digits = 4) => (v === null ? '—' : v.toFixed(digits));

/** `rwb compare`: the paired comparison of two arms, as the Runs screen shows it. */
export const compareCommand: Command = {
  usage: 'rwb compare --experiment ID --a ARM --b ARM [--db FILE] [--json]',
  summary: 'paired comparison of two arms: effect, bootstrap CI, coverage, validity',
  options: { experiment: { type: 'string' }, a: { type: 'string' }, b: { type: 'string' } },
  async run(ctx) {
    const { experiment, a, b } = ctx.values as Record<string, string | undefined>;
    if (!experiment || !a || !b) throw new UsageError('compare needs --experiment ID --a ARM --b ARM');
    const r = await (await ctx.core()).invoke('experiments.compare', { experiment, a, b });
    if (ctx.json) return ctx.out(`${JSON.stringify(r, null, 2)}\n`);
    ctx.out(
      `${formatTable([
        ['experiment', r.experiment],
        ['arms', `${r.a} − ${r.b}`],
        ['effect', fmt(r.effect)],
        ['95% CI', r.ci ? `[${fmt(r.ci[0])}, ${fmt(r.ci[1])}]` : '—'],
        ['coverage', `${r.pairedCases}/${r.cases} cases (${(100 * r.coverage).toFixed(0)}%), ${r.pairs} pairs`],
        ['validity diff', `${fmt(r.validity.difference, 3)} (unknown as failed ${fmt(r.validity.sensitivity.unknownAsFailed, 3)}, as succeeded ${fmt(r.validity.sensitivity.unknownAsSucceeded, 3)})`],
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
      ])}\n`,
    );
  },
};
