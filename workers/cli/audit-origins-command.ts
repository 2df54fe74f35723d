import { UsageError } from './cli-error';
import { defineCommand } from './commands';

/** `rwb audit-origins`: the held-out-origin audit of a library; exit 1 when a rubric comes from a held-out benchmark. */
export const auditOriginsCommand = defineCommand({
  usage: 'rwb audit-origins --library ID [--db FILE] [--json]',
  summary: "trace a library's rubrics to their source tasks; fails naming each rubric fed by a held-out benchmark",
  options: { library: { type: 'string' } },
  async run(ctx) {
    const library = ctx.values.library;
    if (!library) throw new UsageError('audit-origins needs --library ID');
    const audit = await (await ctx.core()).invoke('libraries.auditOrigins', { library });
    if (!audit.passed) process.exitCode = 1;
    if (ctx.json) return ctx.out(`${JSON.stringify(audit, null, 2)}\n`);
    const lines = [
      `library ${library}: ${audit.rubrics} rubrics, ${audit.passed ? 'passed' : `FAILED: ${new Set(audit.violations.map((v) => v.rubric)).size} fed by a held-out benchmark`}`,
    ];
    for (const v of audit.violations)
      lines.push(`  rubric ${v.rubric} "${v.title}": task ${v.task} of held-out benchmark ${v.benchmark} (rollout ${v.rollout})`);
    for (const u of audit.unresolved)
      lines.push(`  untraced: rubric ${u.rubric} cites rollout ${u.rollout}${u.task ? ` (task ${u.task})` : ''}, not in this corpus`);
    ctx.out(`${lines.join('\n')}\n`);
  },
});
