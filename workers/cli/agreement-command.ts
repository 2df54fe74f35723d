import { UsageError } from './cli-error';
import { defineCommand } from './commands';
import { formatTable } from './format-table';

/** `rwb agreement`: Cohen's kappa or Krippendorff's alpha between the corpus's annotators. */
export const agreementCommand = defineCommand({
  usage: 'rwb agreement --schema NAME [--db FILE] [--json]',
  summary: "agreement between annotators (Cohen's kappa for two, Krippendorff's alpha for more), overall and per category",
  options: { schema: { type: 'string' } },
  async run(ctx) {
    const schema = ctx.values.schema;
    if (!schema) throw new UsageError('agreement needs --schema NAME');
    const { overall: report, basis, perCategory } = await (await ctx.core()).invoke('labels.agreementDetail', { schema });
    if (ctx.json) return ctx.out(`${JSON.stringify({ ...report, basis, perCategory }, null, 2)}\n`);
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
    const title = basis === 'one_vs_rest' ? 'per category (each category against the rest)' : "per rubric category (items grouped by their rubric's category)";
    const rows = perCategory.map((c) => [c.category, c.name ?? '', c.items, c.coefficient === null ? 'undefined (no variation)' : c.coefficient.toFixed(3)]);
    ctx.out(`\n${title}\n${formatTable([['category', 'name', 'items', report.method], ...rows])}\n`);
  },
});
