/**
 * Precision and recall of rubrics against execution truth (docs/definitions.md), per family. Pure:
 * the latest verdicts and each program's truth come in.
 *
 * Error family. A program's truth is the set of exception classes its executions raised
 * (steps of the rollouts that ran it; never re-run attempts, see rerun-evidence.ts), leaving
 * out executions that timed out or were killed: no static rubric can predict those. A program whose every execution
 * was left out, or that never ran, has no truth. A firing is correct when the program raised
 * the exception class the verdict predicted (compared by its last dotted name, so
 * `torch.OutOfMemoryError` matches `OutOfMemoryError`); a firing without a prediction is
 * never correct. A failure is one (program, exception class) pair; it is caught when some
 * firing on that program predicted that class. A failure whose class is unknown (a crash
 * without a traceback) counts, and cannot be caught.
 *
 * Performance family. A program's truth is the credit labels on it: a rubric is credited
 * when any annotator's latest `credit` label credits it for the program's measured score
 * gap. A program without credit labels has no truth. A firing is correct when its rubric is
 * credited on that program. A failure is a program with at least one credited rubric; it is
 * caught when some firing on it is credited.
 *
 * Precision = correct firings / firings; recall = caught failures / failures, both over
 * programs with truth. Failures count for every program some rubric of the family was
 * judged on (even when the judge gave no answer: missing verdicts stay in denominators), so
 * the recall of a subset of rubrics (a category, a library) shares the denominator of the
 * whole and the subsets' recalls are comparable.
 */
import type { PrecisionRecallRow, Rate } from '../../common/pipeline/pipeline-types';
import type { RubricFamily } from '../../common/rubrics/rubric-types';

/** The verdict values of docs/domain.md. */
export type VerdictValue = 'fires' | 'does_not_fire' | 'not_applicable' | 'insufficient_evidence' | 'unknown';

/** The latest verdict of one rubric on one program. */
export interface JudgedVerdict {
  rubric: string;
  family: RubricFamily;
  program: number;
  verdict: VerdictValue;
  predictedException: string | null;
}

/** What really happened to one program; null where there is no truth for that family. */
export interface ProgramTruth {
  /** Exception classes raised by its kept executions; a crash without a traceback adds `null`. */
  raised: ReadonlySet<string | null> | null;
  /** Rubrics credited on it, when it has credit labels at all. */
  credited: ReadonlySet<string> | null;
}

/** The class name compared: the last dotted component. */
export function exceptionName(name: string): string {
  const trimmed = name.trim();
  return trimmed.slice(trimmed.lastIndexOf('.') + 1);
}

/** A program's error failures: the classes it raised, one per last dotted name (classes that differ only by module are one failure). */
export function failureNames(raised: ReadonlySet<string | null>): Set<string | null> {
  return new Set([...raised].map((name) => (name === null ? null : exceptionName(name))));
}

function rate(hits: number, total: number): Rate {
  return { hits, total, value: total === 0 ? null : hits / total };
}

/**
 * Precision and recall of the rubrics in `subset` (default: every rubric of `verdicts`) for
 * one family. `verdicts` must hold one (the latest) verdict per rubric and program, and be
 * the whole scope: it decides which programs' failures count.
 */
export function precisionRecall(
  verdicts: readonly JudgedVerdict[],
  truth: ReadonlyMap<number, ProgramTruth>,
  family: RubricFamily,
  subset?: ReadonlySet<string>,
): PrecisionRecallRow {
  const ofFamily = verdicts.filter((v) => v.family === family);
  const truthOf = (program: number) => {
    const t = truth.get(program);
    return family === 'error' ? (t?.raised ?? null) : (t?.credited ?? null);
  };
  let firings = 0;
  let correct = 0;
  let withoutTruth = 0;
  let withoutPrediction = 0;
  /** Per program, what its counted firings caught: exception names (error) or credited rubrics (performance). */
  const caughtBy = new Map<number, Set<string>>();
  for (const v of ofFamily) {
    if (v.verdict !== 'fires' || (subset && !subset.has(v.rubric))) continue;
    const t = truthOf(v.program);
    if (t === null) {
      withoutTruth++;
      continue;
    }
    firings++;
    let hit: string | null = null;
    if (family === 'error') {
      if (v.predictedException === null) withoutPrediction++;
      else {
        const predicted = exceptionName(v.predictedException);
        if ([...(t as ReadonlySet<string | null>)].some((raised) => raised !== null && exceptionName(raised) === predicted)) hit = predicted;
      }
    } else if ((t as ReadonlySet<string>).has(v.rubric)) hit = v.rubric;
    if (hit !== null) {
      correct++;
      const caught = caughtBy.get(v.program) ?? new Set<string>();
      caught.add(hit);
      caughtBy.set(v.program, caught);
    }
  }

  let failures = 0;
  let caught = 0;
  for (const program of new Set(ofFamily.map((v) => v.program))) {
    const t = truthOf(program);
    if (t === null) continue;
    const hits = caughtBy.get(program);
    if (family === 'error') {
      for (const name of failureNames(t as ReadonlySet<string | null>)) {
        failures++;
        if (name !== null && hits?.has(name)) caught++;
      }
    } else if (t.size > 0) {
      failures++;
      if (hits && hits.size > 0) caught++;
    }
  }
  return {
    family,
    precision: rate(correct, firings),
    recall: rate(caught, failures),
    firingsWithoutTruth: withoutTruth,
    firingsWithoutPrediction: withoutPrediction,
  };
}
