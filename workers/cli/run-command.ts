import { armName, backendName } from '../../common/runs/run-requests';
import { UsageError } from './cli-error';
import { defineCommand } from './commands';
import { attemptsTable, poolCliOptions, poolOptions, positiveNumber, runWatched } from './run-cli';

/**
 * `rwb run`: runs an experiment's slots (all of them, or with `--continue` only those never
 * started) on a backend or a pool of hosts, interleaved by repeat, case and arm. Ctrl-C stops
 * dispatching (running attempts finish, the rest stay never started for a later
 * `--continue`); a second Ctrl-C cancels the running ones.
 */
export const runCommand = defineCommand({
  usage:
    'rwb run --experiment ID [--continue] [--arms A,B] [--backend local|ssh:HOST|slurm] [--parallel N] [--hosts A,B,...] [--disk-reserve-gb G] [--timeout S] [--db FILE] [--json]',
  summary: "run an experiment's never-started slots over slots and hosts",
  options: {
    experiment: { type: 'string' },
    continue: { type: 'boolean' },
    arms: { type: 'string' },
    backend: { type: 'string' },
    timeout: { type: 'string' },
    ...poolCliOptions,
  },
  async run(ctx) {
    const experiment = ctx.values.experiment;
    if (!experiment) throw new UsageError('run needs --experiment ID');
    const backend = ctx.values.backend ?? 'local';
    if (!backendName.safeParse(backend).success) throw new UsageError(`--backend is local, slurm or ssh:<saved host name>, not "${backend}"`);
    const armsText = ctx.values.arms;
    const arms = armsText?.split(',').map((a) => a.trim());
    for (const arm of arms ?? []) if (!armName.safeParse(arm).success) throw new UsageError(`--arms is a comma-separated list of arm names, not "${armsText}"`);
    const timeoutS = positiveNumber('timeout', ctx.values.timeout, false);
    const core = await ctx.core();
    const run = await runWatched(ctx, core, {
      experiment,
      backend,
      arms,
      continue: ctx.values.continue === true,
      timeoutS,
      ...poolOptions(ctx.values),
      jobId: `run-${experiment}-${Date.now().toString(36)}`,
    });
    const detail = await core.invoke('experiments.get', { id: experiment });
    const mine = detail.attempts.filter((a) => run.attempts.includes(a.id));
    if (ctx.json)
      return ctx.out(
        `${JSON.stringify({ experiment, jobId: run.jobId, backend: run.backend, refusedHosts: run.refusedHosts ?? [], planned: detail.planned, neverStarted: detail.neverStarted, attempts: mine }, null, 2)}\n`,
      );
    ctx.out(`\nexperiment ${experiment} (${run.backend})\n${attemptsTable(detail, mine)}`);
  },
});
