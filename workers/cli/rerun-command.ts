import { environmentFacts } from '../../common/attempt-diagnosis';
import { backendName } from '../../common/run-requests';
import { UsageError } from './cli-error';
import type { Command } from './commands';
import { formatTable } from './format-table';

function positiveNumber(name: string, text: string | undefined, integer: boolean): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!(n > 0) || (integer && !Number.isInteger(n))) throw new UsageError(`--${name} must be a positive ${integer ? 'whole number' : 'number'}, not "${text}"`);
  return n;
}

/**
 * `rwb rerun`: re-executes a case N times on a backend, as a new experiment with the one arm
 * `original`, streaming the terminal output (without --json) and printing every attempt.
 * Ctrl-C cancels the run: running attempts end `interrupted`, the rest stay never started.
 */
export const rerunCommand: Command = {
  usage: 'rwb rerun --case ID [--backend local|ssh:HOST|slurm] [--repeats N] [--timeout S] [--db FILE] [--json]',
  summary: 're-execute a case N times on a backend and print the attempts',
  options: { case: { type: 'string' }, backend: { type: 'string' }, repeats: { type: 'string' }, timeout: { type: 'string' } },
  async run(ctx) {
    const caseId = ctx.values.case as string | undefined;
    if (!caseId) throw new UsageError('rerun needs --case ID');
    const backend = (ctx.values.backend as string | undefined) ?? 'local';
    if (!backendName.safeParse(backend).success) throw new UsageError(`--backend is local, slurm or ssh:<saved host name>, not "${backend}"`);
    const repeats = positiveNumber('repeats', ctx.values.repeats as string | undefined, true) ?? 1;
    const timeoutS = positiveNumber('timeout', ctx.values.timeout as string | undefined, false);
    const core = await ctx.core();
    const experiment = await core.invoke('experiments.create', { name: `rwb rerun ${caseId} on ${backend}`, arms: ['original'], repeats, cases: [caseId] });
    const jobId = `rerun-${experiment.id}`;
    let current: number | null = null;
    const stop = core.onEvent((event) => {
      if (ctx.json || !('jobId' in event) || event.jobId !== jobId) return;
      if (event.type === 'attempt:output') {
        if (current !== event.attemptId) {
          current = event.attemptId;
          ctx.out(`\n--- attempt ${event.attemptId} ---\n`);
        }
        ctx.out(event.data.replace(/\r\n/g, '\n'));
      }
    });
    const cancel = () => void core.invoke('runs.cancel', { jobId });
    process.once('SIGINT', cancel);
    let run;
    try {
      run = await core.invoke('runs.start', { experiment: experiment.id, backend, timeoutS, wait: true, jobId });
    } finally {
      stop();
      process.off('SIGINT', cancel);
    }
    const attempts = (await core.invoke('experiments.get', { id: experiment.id })).attempts;
    const diagnoses = await Promise.all(attempts.map((a) => core.invoke('attempts.diagnosis', { id: a.id })));
    if (ctx.json) return ctx.out(`${JSON.stringify({ experiment: experiment.id, jobId: run.jobId, backend, attempts, diagnoses }, null, 2)}\n`);
    const fmt = (v: number | null, digits: number) => (v === null ? '' : v.toFixed(digits));
    const rows = attempts.map((a, i) => [a.id, a.repeat, a.status, a.exitCode ?? '', fmt(a.wallS, 2), fmt(a.score, 4), a.valid === null ? '' : a.valid ? 'yes' : 'no', a.host ?? '', a.error ?? '', diagnoses[i]!.summary]);
    ctx.out(`\nexperiment ${experiment.id} (case ${caseId}, ${backend})\n${formatTable([['attempt', 'repeat', 'status', 'exit', 'wall s', 'score', 'valid', 'host', 'note', 'did it happen again?'], ...rows])}\n`);
    for (const d of diagnoses) if (d.environment) ctx.out(`attempt ${d.attemptId} ran on ${environmentFacts(d.environment).join(' · ')}\n`);
  },
};
