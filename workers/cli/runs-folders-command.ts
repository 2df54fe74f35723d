import { UsageError } from './cli-error';
import type { CommandContext } from './commands';
import { formatTable } from './format-table';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/**
 * `rwb runs disk`: what the runs folders use; `rwb runs prune [--experiment ID] [--dry-run]`:
 * removes finished attempts' folders, keeping their records and logs in the corpus.
 */
export async function runsFoldersCommand(
  ctx: CommandContext<{ experiment: { type: 'string' }; 'dry-run': { type: 'boolean' } }>,
  action: string,
): Promise<void> {
  const core = await ctx.core();
  if (action === 'disk') {
    if (ctx.values.experiment !== undefined || ctx.values['dry-run'] !== undefined) throw new UsageError('runs disk takes no --experiment or --dry-run');
    const use = await core.invoke('runs.diskUse', {});
    if (ctx.json) return ctx.out(`${JSON.stringify(use, null, 2)}\n`);
    return ctx.out(
      `${formatTable([
        ['runs folder', use.root],
        ['disk used', mb(use.bytes)],
        ['finished attempts’ folders', `${use.finished.folders} (${mb(use.finished.bytes)}; rwb runs prune removes them)`],
      ])}\n`,
    );
  }
  const pruned = await core.invoke('runs.prune', { experiment: ctx.values.experiment, dryRun: ctx.values['dry-run'] === true });
  if (ctx.json) return ctx.out(`${JSON.stringify(pruned, null, 2)}\n`);
  const verb = pruned.dryRun ? 'would remove' : 'removed';
  ctx.out(
    `${verb} ${pruned.folders} finished attempt folder${pruned.folders === 1 ? '' : 's'} (${mb(pruned.bytes)}); the attempts' records and logs stay in the corpus\n`,
  );
}
