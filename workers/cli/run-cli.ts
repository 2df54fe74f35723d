/**
 * What `rwb rerun` and `rwb run` share: the pool options (`--parallel N`, `--hosts A,B`),
 * streaming a run's terminals while it runs, Ctrl-C (the first stops dispatching and lets
 * running attempts finish, the second cancels them), and the table of attempts at the end.
 */
import type { RequestOf } from '../../common/contract';
import type { AttemptRow, ExperimentDetail } from '../../common/runs/run-types';
import { poolHost } from '../../common/runs/run-requests';
import type { Core } from '../core/core';
import { UsageError } from './cli-error';
import type { CommandContext, OptionSpecs, OptionValues } from './commands';
import { formatTable } from './format-table';

export function positiveNumber(name: string, text: string | undefined, integer: boolean): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!(n > 0) || (integer && !Number.isInteger(n))) throw new UsageError(`--${name} must be a positive ${integer ? 'whole number' : 'number'}, not "${text}"`);
  return n;
}

export const poolCliOptions = { parallel: { type: 'string' }, hosts: { type: 'string' }, 'disk-reserve-gb': { type: 'string' } } as const satisfies OptionSpecs;

/** `--parallel N`, `--hosts A,B,...` (each `local` or a saved SSH host) and `--disk-reserve-gb G` (0 turns it off). */
export function poolOptions(values: OptionValues<typeof poolCliOptions>): Pick<RequestOf<'runs.start'>, 'parallel' | 'hosts' | 'diskReserveGb'> {
  const parallel = positiveNumber('parallel', values.parallel, true);
  const reserveText = values['disk-reserve-gb'];
  const diskReserveGb = reserveText === undefined ? undefined : Number(reserveText);
  if (diskReserveGb !== undefined && !(reserveText !== '' && diskReserveGb >= 0))
    throw new UsageError(`--disk-reserve-gb must be a number of gigabytes (0 or more), not "${reserveText}"`);
  const text = values.hosts;
  if (text === undefined) return { parallel, diskReserveGb };
  const hosts = text.split(',').map((h) => h.trim());
  for (const h of hosts)
    if (!poolHost.safeParse(h).success) throw new UsageError(`--hosts is a comma-separated list of "local" and saved SSH host names, not "${text}"`);
  return { parallel, hosts, diskReserveGb };
}

/**
 * Starts a run with `wait` and streams its attempts' output (each block headed by its
 * attempt) unless `--json`; Ctrl-C stops, a second Ctrl-C cancels. Reports refused hosts on stderr.
 */
export async function runWatched(ctx: CommandContext, core: Core, request: RequestOf<'runs.start'> & { jobId: string }) {
  let current: number | null = null;
  const unsubscribe = core.onEvent((event) => {
    if (ctx.json || !('jobId' in event) || event.jobId !== request.jobId) return;
    if (event.type === 'attempt:output') {
      if (current !== event.attemptId) {
        current = event.attemptId;
        ctx.out(`\n--- attempt ${event.attemptId} ---\n`);
      }
      ctx.out(event.data.replace(/\r\n/g, '\n'));
    }
  });
  let interrupts = 0;
  const onInterrupt = () => {
    interrupts += 1;
    if (interrupts === 1) {
      process.stderr.write('\nrwb: stopping: running attempts finish, the rest stay never started (Ctrl-C again cancels them)\n');
      void core.invoke('runs.stop', { jobId: request.jobId });
    } else {
      void core.invoke('runs.cancel', { jobId: request.jobId });
    }
  };
  process.on('SIGINT', onInterrupt);
  try {
    const run = await core.invoke('runs.start', { ...request, wait: true });
    for (const r of run.refusedHosts ?? []) process.stderr.write(`rwb: host ${r.host} was left out: ${r.message}\n`);
    return run;
  } finally {
    unsubscribe();
    process.off('SIGINT', onInterrupt);
  }
}

/** The attempts as a table, with the plan's never-started count. */
export function attemptsTable(detail: ExperimentDetail, attempts: readonly AttemptRow[]): string {
  const fmt = (v: number | null, digits: number) => (v === null ? '' : v.toFixed(digits));
  const rows = attempts.map((a) => [
    a.id,
    a.case,
    a.arm,
    a.repeat,
    a.status,
    a.exitCode ?? '',
    fmt(a.wallS, 2),
    fmt(a.score, 4),
    a.valid === null ? '' : a.valid ? 'yes' : 'no',
    a.host ?? '',
    a.slot ?? '',
    a.gpu ?? '',
    a.error ?? '',
  ]);
  const table = formatTable([['attempt', 'case', 'arm', 'repeat', 'status', 'exit', 'wall s', 'score', 'valid', 'host', 'slot', 'gpu', 'note'], ...rows]);
  return `${table}\n${detail.planned} slots planned, ${detail.neverStarted} never started\n`;
}
