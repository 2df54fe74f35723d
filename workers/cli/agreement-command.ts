import { UsageError } from './cli-error';
import type { Command } from './commands';
import { formatTable } from './format-table';

/** `rwb agreement`: Cohen's kappa or Krippendorff's alpha between the corpus's annotators. */
export const agreementCommand: Command = {
  usage: 'rwb agreement --schema NAME [--db FILE] [--json]',
  summary: "agreement between annotators (Cohen's kappa for two, Krippendorff's alpha for more)",
  options: { schema: { type: 'string' } },
  async run(ctx) {
    const schema = ctx.values.schema as string | undefined;
    if (!schema) throw new UsageError('agreement needs --schema NAME');
    const report = await (await ctx.core()).invoke('labels.agreement', { schema });
    if (ctx.json) return ctx.out(`${JSON.stringify(report, null, 2)}\n`);
    const coefficient = report.method === 'kappa' ? report.kappa : report.alpha;
    ctx.out(
      `${formatTable([
        ['schema', report.schema],
        ['annotators', report.annotators.join(', ')],
        ['items', report.items],
        [report.method, coefficient === null ? 'undefined (no variation)' : coefficient.toFixed(3)],
      ])}\n`,
    );
    if (report.method === 'kappa') {
      const { values, counts } = report.confusion;
      const [first, second] = report.annotators;
      ctx.out(`\n${first} (rows) × ${second} (columns)\n${formatTable([['', ...values], ...values.map((v, i) => [v, ...counts[i]!])])}\n`);
    }
  },
};
