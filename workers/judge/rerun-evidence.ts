/**
 * Re-runs of judged failures (docs/definitions.md, "Re-runs of judged failures"): evidence of
 * their own, shown beside precision and recall and never mixed into them.
 *
 * A judged failure is one (program version, exception class) of the recall denominator. Each
 * attempt that re-ran the version comes out against it as `reproduced` (it raised that class,
 * by last dotted name), `environment` (it failed on the machine: a missing package or command,
 * memory), `unresolved` (timed out, interrupted, unknown or still running: it says nothing)
 * or `different` (it passed or failed otherwise). The failure takes the first of reproduced,
 * different, environment, unresolved that one of its re-runs reached: one working-environment
 * re-run that reproduced it is enough, and a broken machine never counts as a non-reproduction.
 */
import type { JudgedFailureReruns, RerunEvidence, RerunOutcome } from '../../common/pipeline/pipeline-types';
import type { Db } from '../db/open-corpus';
import { attemptDiagnosis } from '../runs/attempt-diagnosis-query';
import { exceptionName } from './precision-recall';
import type { ProgramAttempt } from './program-attempts';

/** One (program version, exception class) failure that precision and recall counted. */
export interface JudgedFailure {
  program: number;
  rollout: string;
  path: string;
  version: number;
  exceptionClass: string | null;
}

const precedence: readonly RerunOutcome[] = ['reproduced', 'different', 'environment', 'unresolved'];

/** What one attempt says about one judged failure. */
function outcomeOf(db: Db, attempt: ProgramAttempt, exceptionClass: string | null): { outcome: RerunOutcome; summary: string } {
  const d = attemptDiagnosis(db, attempt.id);
  const raised = d.failure?.exceptionClass ?? null;
  if (exceptionClass !== null && raised !== null && exceptionName(raised) === exceptionClass) return { outcome: 'reproduced', summary: d.summary };
  if (d.outcome === 'environment') return { outcome: 'environment', summary: d.summary };
  if (d.outcome === 'pending' || attempt.status === 'timeout') return { outcome: 'unresolved', summary: d.summary };
  return { outcome: 'different', summary: d.summary };
}

/** The re-run evidence of `failures`, from the attempts on their programs (program id to attempts). */
export function rerunEvidence(db: Db, failures: readonly JudgedFailure[], attempts: ReadonlyMap<number, readonly ProgramAttempt[]>): RerunEvidence {
  const rows: JudgedFailureReruns[] = [];
  for (const f of failures) {
    const mine = attempts.get(f.program) ?? [];
    if (mine.length === 0) continue;
    const judged = mine.map((a) => ({ id: a.id, experiment: a.experiment, ...outcomeOf(db, a, f.exceptionClass) }));
    const outcome = precedence.find((o) => judged.some((a) => a.outcome === o)) ?? null;
    rows.push({ rollout: f.rollout, path: f.path, version: f.version, exceptionClass: f.exceptionClass, outcome, attempts: judged });
  }
  const count = (o: RerunOutcome) => rows.filter((r) => r.outcome === o).length;
  return {
    judgedFailures: failures.length,
    rerun: rows.length,
    reproduced: count('reproduced'),
    different: count('different'),
    environment: count('environment'),
    unresolved: count('unresolved'),
    failures: rows,
  };
}
