/**
 * Experiments and their attempt grid (docs/domain.md, docs/bundle-v1.md). Creating an experiment writes every
 * slot `(case, arm, repeat)` as a `queued` attempt, so the grid, the comparison's
 * denominators and an export all see the whole plan from the start.
 */
import { randomBytes } from 'node:crypto';
import type { ParsedRequestOf } from '../../common/contract';
import { attemptStatuses } from '../../common/corpus/bundle';
import type { ArmVariant, AttemptCounts, AttemptRow, ExperimentDetail, ExperimentSummary } from '../../common/runs/run-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { canonicalJson, recordHash } from '../util/canonical-json';
import { getCase } from './case-queries';
import { attemptRecordHash, listAttempts } from './run-attempts';
import { oneRow } from '../db/one-row';

interface ExperimentDbRow {
  id: string;
  name: string;
  arms: string;
  repeats: number;
  extra: string | null;
}

function emptyCounts(): AttemptCounts {
  return Object.fromEntries(attemptStatuses.map((s) => [s, 0])) as AttemptCounts;
}

function countsOf(db: Db, experiment: string): AttemptCounts {
  const counts = emptyCounts();
  for (const row of db
    .prepare<unknown[], { status: keyof AttemptCounts; n: number }>('SELECT status, COUNT(*) AS n FROM attempts WHERE experiment_id = ? GROUP BY status')
    .all(experiment)) {
    counts[row.status] = row.n;
  }
  return counts;
}

/**
 * The plan's size and how much of it never started: slots with no row (an imported
 * experiment may lack them) or still queued and never dispatched. Every count keeps the
 * planned slots as its denominator.
 */
function planCoverage(db: Db, experiment: string, arms: number, repeats: number): { planned: number; neverStarted: number } {
  const planned = experimentCaseIds(db, experiment).length * arms * repeats;
  const started = oneRow(
    db
      .prepare<unknown[], number>(`SELECT COUNT(*) FROM attempts WHERE experiment_id = ? AND (status != 'queued' OR dispatched_at IS NOT NULL)`)
      .pluck()
      .get(experiment),
  );
  return { planned, neverStarted: Math.max(0, planned - started) };
}

function variantsOf(extra: string | null): ArmVariant[] {
  if (!extra) return [];
  const parsed = JSON.parse(extra) as { variants?: unknown };
  if (!Array.isArray(parsed.variants)) return [];
  return parsed.variants.map((v: Partial<ArmVariant>) => ({
    arm: String(v.arm),
    case: v.case ?? null,
    program: v.program ?? null,
    command: v.command ?? null,
  }));
}

function experimentRow(db: Db, id: string): ExperimentDbRow {
  const row = db.prepare<unknown[], ExperimentDbRow>('SELECT id, name, arms, repeats, extra FROM experiments WHERE id = ?').get(id);
  if (!row) throw new ApiError('not_found', `experiment "${id}" is not in this corpus`);
  return row;
}

/** The cases of an experiment: those of its attempts, in id order. */
export function experimentCaseIds(db: Db, experiment: string): string[] {
  return db.prepare<unknown[], string>('SELECT DISTINCT case_id FROM attempts WHERE experiment_id = ? ORDER BY case_id').pluck().all(experiment);
}

export interface ExperimentPlan {
  id: string;
  name: string;
  arms: string[];
  repeats: number;
  variants: ArmVariant[];
  cases: string[];
}

export function experimentPlan(db: Db, id: string): ExperimentPlan {
  const row = experimentRow(db, id);
  return {
    id: row.id,
    name: row.name,
    arms: JSON.parse(row.arms) as string[],
    repeats: row.repeats,
    variants: variantsOf(row.extra),
    cases: experimentCaseIds(db, id),
  };
}

export function getExperiment(db: Db, id: string): ExperimentDetail {
  const plan = experimentPlan(db, id);
  return {
    id: plan.id,
    name: plan.name,
    arms: plan.arms,
    repeats: plan.repeats,
    variants: plan.variants,
    cases: plan.cases.map((c) => getCase(db, c)),
    attempts: listAttempts(db, 'a.experiment_id = ?', [id]),
    counts: countsOf(db, id),
    ...planCoverage(db, id, plan.arms.length, plan.repeats),
  };
}

export function listExperiments(db: Db): ExperimentSummary[] {
  const rows = db.prepare<unknown[], ExperimentDbRow>('SELECT id, name, arms, repeats FROM experiments ORDER BY id').all();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    arms: JSON.parse(r.arms) as string[],
    repeats: r.repeats,
    caseCount: experimentCaseIds(db, r.id).length,
    counts: countsOf(db, r.id),
    ...planCoverage(db, r.id, (JSON.parse(r.arms) as string[]).length, r.repeats),
  }));
}

/**
 * Creates an experiment over existing cases and writes its slots as queued attempts. Arm
 * variants (another program or command for an arm) are kept in the experiment record's
 * `variants` field, which export writes and import keeps.
 */
export function createExperiment(db: Db, req: ParsedRequestOf<'experiments.create'>): ExperimentDetail {
  for (const c of req.cases) getCase(db, c);
  for (const v of req.variants) {
    if (!req.arms.includes(v.arm)) throw new ApiError('invalid_request', `variants: arm "${v.arm}" is not one of the arms (${req.arms.join(', ')})`);
    if (v.case !== null && !req.cases.includes(v.case))
      throw new ApiError('invalid_request', `variants: case "${v.case}" is not one of the experiment's cases`);
  }
  const id = req.id ?? `exp-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
  if (db.prepare('SELECT 1 FROM experiments WHERE id = ?').get(id)) throw new ApiError('invalid_request', `id: experiment "${id}" already exists`);
  const variants = req.variants as ArmVariant[];
  const extra = variants.length ? canonicalJson({ variants }) : null;
  const record = { type: 'experiment', id, name: req.name, arms: req.arms, repeats: req.repeats, ...(variants.length ? { variants } : {}) };
  const hash = recordHash(record);
  const insertSlot = db.prepare(`INSERT INTO attempts (experiment_id, case_id, arm, repeat, status, record_hash) VALUES (?, ?, ?, ?, 'queued', ?)`);
  db.transaction(() => {
    db.prepare('INSERT INTO experiments (id, name, arms, repeats, record_hash, extra) VALUES (?, ?, ?, ?, ?, ?)').run(
      id,
      req.name,
      JSON.stringify(req.arms),
      req.repeats,
      hash,
      extra,
    );
    for (const c of req.cases) {
      for (const arm of req.arms) {
        for (let r = 0; r < req.repeats; r++) {
          insertSlot.run(
            id,
            c,
            arm,
            r,
            attemptRecordHash({ experiment: id, case: c, arm, repeat: r, status: 'queued', exitCode: null, wallS: null, score: null, valid: null, host: null }),
          );
        }
      }
    }
  })();
  return getExperiment(db, id);
}

/** Every slot `(case, arm, repeat)` of the plan, for the chosen arms, with its attempt row when it has one. */
export function planSlots(db: Db, plan: ExperimentPlan, arms: readonly string[]): { caseId: string; arm: string; repeat: number; row: AttemptRow | null }[] {
  const rows = new Map(listAttempts(db, 'a.experiment_id = ?', [plan.id]).map((a) => [`${a.case}\u0000${a.arm}\u0000${a.repeat}`, a]));
  const slots = [];
  for (const caseId of plan.cases) {
    for (const arm of arms) {
      for (let repeat = 0; repeat < plan.repeats; repeat++) slots.push({ caseId, arm, repeat, row: rows.get(`${caseId}\u0000${arm}\u0000${repeat}`) ?? null });
    }
  }
  return slots;
}
