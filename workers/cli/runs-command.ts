import type { PipelineRunKind } from '../../common/pipeline/pipeline-types';
import { UsageError } from './cli-error';
import { oneOf } from './choice-option';
import { defineCommand } from './commands';
import { formatTable } from './format-table';
import { printRun, runToEnd } from './pipeline-cli';
import { runsFoldersCommand } from './runs-folders-command';

const kinds: readonly PipelineRunKind[] = ['mine', 'curate-quota', 'curate-filtered', 'judge'];

/**
 * `rwb runs`: pipeline runs with state, progress and costs; with --run, one run in full.
 * `rwb runs disk` and `rwb runs prune` are about the attempts' folders instead.
 */
export const runsCommand = defineCommand({
  usage: 'rwb runs [--kind mine|curate-quota|curate-filtered|judge] [--run ID] | runs disk | runs prune [--experiment ID] [--dry-run] [--db FILE] [--json]',
  summary: "pipeline runs with their state, progress and costs; the attempts' folders' disk use, and pruning finished ones",
  options: { kind: { type: 'string' }, run: { type: 'string' }, experiment: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  async run(ctx) {
    const [action, ...extra] = ctx.positionals;
    if (extra.length > 0 || (action !== undefined && action !== 'disk' && action !== 'prune'))
      throw new UsageError(`runs takes "disk" or "prune" (or nothing, for pipeline runs), not "${ctx.positionals.join(' ')}"`);
    if (action !== undefined) {
      if (ctx.values.kind !== undefined || ctx.values.run !== undefined) throw new UsageError(`runs ${action} takes no --kind or --run`);
      return runsFoldersCommand(ctx, action);
    }
    if (ctx.values.experiment !== undefined || ctx.values['dry-run'] !== undefined) throw new UsageError('--experiment and --dry-run go with runs prune');
    const core = await ctx.core();
    const one = ctx.values.run;
    if (one) return printRun(ctx, await core.invoke('pipeline.get', { run: one }));
    const kind = oneOf(ctx.values.kind, kinds, 'kind');
    const runs = await core.invoke('pipeline.list', kind === undefined ? {} : { kind });
    if (ctx.json) return ctx.out(`${JSON.stringify(runs, null, 2)}\n`);
    const usd = (n: number | null) => (n === null ? '' : n.toFixed(4));
    const rows = runs.map((r) => [
      r.id,
      r.kind,
      r.status,
      `${r.done}/${r.total ?? '?'}`,
      r.library ?? '',
      r.accepted ?? '',
      usd(r.costs.costUsd),
      usd(r.costs.costPerAccepted),
      r.createdAt,
    ]);
    ctx.out(`${formatTable([['run', 'kind', 'status', 'progress', 'library', 'accepted', 'cost $', '$ per rubric', 'created'], ...rows])}\n`);
  },
});

/** `rwb resume`: runs a stopped, cancelled, interrupted or failed run again; answers already received are reused. */
export const resumeCommand = defineCommand({
  usage: 'rwb resume --run ID [--resend-unresolved] [--db FILE] [--json]',
  summary: 'resume a pipeline run; answers already in the ledger are reused, never paid twice',
  options: { run: { type: 'string' }, 'resend-unresolved': { type: 'boolean' } },
  async run(ctx) {
    const run = ctx.values.run;
    if (!run) throw new UsageError('resume needs --run ID (see rwb runs)');
    const core = await ctx.core();
    const resendUnresolved = ctx.values['resend-unresolved'] === true;
    printRun(ctx, await runToEnd(core, `resume-${process.pid}`, (jobId) => core.invoke('pipeline.resume', { run, resendUnresolved, wait: true, jobId })));
  },
});
