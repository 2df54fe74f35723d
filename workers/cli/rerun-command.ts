import { environmentFacts } from '../../common/runs/attempt-diagnosis';
import { backendName } from '../../common/runs/run-requests';
import { UsageError } from './cli-error';
import { defineCommand } from './commands';
import { formatTable } from './format-table';
import { attemptsTable, poolCliOptions, poolOptions, positiveNumber, runWatched } from './run-cli';

/**
 * `rwb rerun`: re-executes a case N times on a backend, as a new experiment with the one arm
 * `original`, over `--parallel` slots per host and a pool of `--hosts`, streaming the
 * terminal output (without --json) and printing every attempt. Ctrl-C stops dispatching
 * (running attempts finish); a second Ctrl-C cancels them.
 */
export const rerunCommand = defineCommand({
  usage:
    'rwb rerun --case ID [--backend local|ssh:HOST|slurm] [--repeats N] [--timeout S] [--parallel N] [--hosts A,B,...] [--disk-reserve-gb G] [--db FILE] [--json]',
  summary: 're-execute a case N times on a backend and print the attempts',
  options: { case: { type: 'string' }, backend: { type: 'string' }, repeats: { type: 'string' }, timeout: { type: 'string' }, ...poolCliOptions },
  async run(ctx) {
    const caseId = ctx.values.case;
    if (!caseId) throw new UsageError('rerun needs --case ID');
    const backend = ctx.values.backend ?? 'local';
    if (!backendName.safeParse(backend).success) throw new UsageError(`--backend is local, slurm or ssh:<saved host name>, not "${backend}"`);
    const repeats = positiveNumber('repeats', ctx.values.repeats, true) ?? 1;
    const timeoutS = positiveNumber('timeout', ctx.values.timeout, false);
    const pool = poolOptions(ctx.values);
    const core = await ctx.core();
    const experiment = await core.invoke('experiments.create', {
      name: `rwb rerun ${caseId} on ${pool.hosts ? pool.hosts.join(',') : backend}`,
      arms: ['original'],
      repeats,
      cases: [caseId],
    });
    const run = await runWatched(ctx, core, { experiment: experiment.id, backend, timeoutS, ...pool, jobId: `rerun-${experiment.id}` });
    const detail = await core.invoke('experiments.get', { id: experiment.id });
    const diagnoses = await Promise.all(detail.attempts.map((a) => core.invoke('attempts.diagnosis', { id: a.id })));
    if (ctx.json)
      return ctx.out(`${JSON.stringify({ experiment: experiment.id, jobId: run.jobId, backend: run.backend, refusedHosts: run.refusedHosts ?? [], planned: detail.planned, neverStarted: detail.neverStarted, attempts: detail.attempts, diagnoses }, null, 2)}
`);
    ctx.out(`
experiment ${experiment.id} (case ${caseId}, ${run.backend})
${attemptsTable(detail, detail.attempts)}`);
    ctx.out(`
did it happen again?
${formatTable(detail.attempts.map((a, i) => [a.id, diagnoses[i]!.summary]))}
`);
    for (const d of diagnoses) if (d.environment) ctx.out(`attempt ${d.attemptId} ran on ${environmentFacts(d.environment).join(' · ')}\n`);
  },
});
