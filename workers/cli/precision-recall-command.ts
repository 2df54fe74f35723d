import type { PrecisionRecallRow } from '../../common/pipeline/pipeline-types';
import { defineCommand } from './commands';
import { formatTable } from './format-table';

const ratio = (r: PrecisionRecallRow['precision']) => (r.value === null ? `-/${r.total}` : `${r.value.toFixed(3)} (${r.hits}/${r.total})`);

/** `rwb precision-recall`: precision and recall of rubrics against execution truth, per family, category and library. */
export const precisionRecallCommand = defineCommand({
  usage: 'rwb precision-recall [--library ID] [--run ID] [--db FILE] [--json]',
  summary:
    "precision and recall of rubrics' latest verdicts against the judged rollouts' failures (timeouts and kills left out), and apart from them what re-runs of those failures showed",
  options: { library: { type: 'string' }, run: { type: 'string' } },
  async run(ctx) {
    const library = ctx.values.library;
    const run = ctx.values.run;
    const report = await (
      await ctx.core()
    ).invoke('rubrics.precisionRecall', { ...(library === undefined ? {} : { library }), ...(run === undefined ? {} : { run }) });
    if (ctx.json) return ctx.out(`${JSON.stringify(report, null, 2)}\n`);
    const header = ['scope', 'family', 'precision', 'recall', 'firings without truth'];
    const row = (scope: string, r: PrecisionRecallRow) => [scope, r.family, ratio(r.precision), ratio(r.recall), r.firingsWithoutTruth];
    const rows = [
      ...report.families.map((r) => row('all', r)),
      ...report.byCategory.map((r) => row(`category ${r.category}`, r)),
      ...report.byLibrary.map((r) => row(`library ${r.library}`, r)),
    ];
    const { basis, reruns } = report;
    ctx.out(
      `${report.verdicts} latest verdicts on ${report.programs} programs of ${basis.rollouts.length} rollouts (judge runs: ${basis.runs.join(', ') || '—'}; ` +
        `judged ${basis.judgedAt ?? '—'}; computed ${basis.computedAt} through verdict ${basis.through.verdict}, attempt ${basis.through.attempt})\n` +
        `${formatTable([header, ...rows])}\n` +
        `re-runs (not in precision or recall): ${reruns.rerun} of ${reruns.judgedFailures} judged error failures re-run; ` +
        `reproduced ${reruns.reproduced}, different ${reruns.different}, environment ${reruns.environment}, unresolved ${reruns.unresolved}\n`,
    );
  },
});
