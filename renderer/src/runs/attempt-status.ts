/**
 * How each attempt status looks and reads. Colour is never the only cue: every status also
 * has its own letter, and every cell an accessible sentence.
 */
import { attemptStatuses } from '../../../common/corpus/bundle';
import type { AttemptCounts, AttemptRow, AttemptStatus } from '../../../common/runs/run-types';
import { formatScore } from '../lib/format';

export interface StatusLook {
  letter: string;
  label: string;
  /** The legend's one-line meaning. */
  meaning: string;
}

/**
 * What a slot shows: its stored status, except that a queued slot no run has claimed is shown
 * as never started (before any run, or left over after Stop), so the grid and legend say what
 * the coverage line says.
 */
export type ShownStatus = AttemptStatus | 'never_started';

/** The statuses the legend lists, in its order. */
export const shownStatuses: readonly ShownStatus[] = ['never_started', ...attemptStatuses];

export const statusLooks: Record<ShownStatus, StatusLook> = {
  never_started: { letter: 'N', label: 'never started', meaning: 'no run has started it; Continue runs it' },
  queued: { letter: 'Q', label: 'queued', meaning: 'claimed by a run, waiting for a free slot' },
  running: { letter: 'R', label: 'running', meaning: 'running now' },
  succeeded: { letter: 'S', label: 'succeeded', meaning: 'exited 0 (valid once it left a score)' },
  failed: { letter: 'F', label: 'failed', meaning: 'exited non-zero' },
  timeout: { letter: 'T', label: 'timeout', meaning: 'killed by the time cap' },
  interrupted: { letter: 'I', label: 'interrupted', meaning: 'cancelled or connection lost' },
  unknown: { letter: 'U', label: 'unknown', meaning: 'nobody saw how it ended' },
};

/** Statuses after which an attempt never changes again. */
export function isFinished(status: AttemptStatus): boolean {
  return status !== 'queued' && status !== 'running';
}

/** Whether a slot has never been started and no run has claimed it: what "continue" would start. */
export function neverStarted(row: AttemptRow): boolean {
  return row.status === 'queued' && row.dispatchedAt === null && row.runJobId === null;
}

/** The status a slot shows. */
export function shownStatus(row: AttemptRow): ShownStatus {
  return neverStarted(row) ? 'never_started' : row.status;
}

/** Slots per shown status: the never-started ones counted apart from those queued in a run. */
export function shownCounts(counts: AttemptCounts, neverStartedCount: number): Record<ShownStatus, number> {
  return { ...counts, queued: counts.queued - neverStartedCount, never_started: neverStartedCount };
}

/** Whether a run owns the attempt right now (running, or claimed and waiting its turn). */
export function isLive(row: AttemptRow): boolean {
  return row.status === 'running' || (row.status === 'queued' && row.runJobId !== null);
}

/** Seconds as the grid shows them: `2.1 s`, `41 s`, `12.5 min`. */
export function formatWall(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 600) return `${Math.round(seconds)} s`;
  return `${(seconds / 60).toFixed(1)} min`;
}

/** The short value a cell shows beside its letter: the score, else what ended it (cap, exit code), else nothing. */
export function cellValue(row: AttemptRow): string {
  if (row.score !== null) return formatScore(row.score);
  if (row.status === 'queued') return row.runJobId !== null ? 'next' : '';
  if (row.status === 'timeout') return formatWall(row.wallS);
  if (row.status === 'failed' && row.exitCode !== null) return `exit ${row.exitCode}`;
  return '';
}

/** Every fact of an attempt on one line each, for the cell's tooltip. */
export function attemptSummary(row: AttemptRow): string {
  const lines = [
    `attempt ${row.id}: ${row.case}, arm ${row.arm}, repeat ${row.repeat}`,
    `status ${statusLooks[shownStatus(row)].label}${row.status === 'queued' && row.runJobId !== null ? ', waiting its turn in a run' : ''}`,
    `exit code ${row.exitCode ?? '—'} · score ${formatScore(row.score)} · wall ${formatWall(row.wallS)}`,
  ];
  if (row.valid !== null) lines.push(row.valid ? 'valid result' : 'not a valid result');
  if (row.backend !== null || row.host !== null)
    lines.push(`on ${row.host ?? '—'} (${row.backend ?? 'imported'})${row.timeoutS !== null ? `, cap ${row.timeoutS} s` : ''}`);
  if (row.slot !== null) lines.push(`slot ${row.slot}${row.gpu !== null ? `, GPU ${row.gpu}` : ''}`);
  if (row.envNames !== null) lines.push(`received ${row.envNames.join(', ') || 'no environment variables'}`);
  if (row.error) lines.push(row.error);
  return lines.join('\n');
}
