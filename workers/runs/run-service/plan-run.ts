/**
 * Planning a run: which of an experiment's slots it takes (those never started), what each
 * attempt runs (arm variants applied, checked before anything runs), and claiming those slots
 * for the run; and, once it is over, giving back the claims it never dispatched.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedRequestOf } from '../../../common/contract';
import type { AttemptRow, CaseProgram } from '../../../common/runs/run-types';
import { ApiError } from '../../../common/errors';
import { relativePathProblem } from '../../../common/runs/run-requests';
import type { HandlerContext } from '../../context/handler-context';
import type { LiveSession } from '../../context/live-session';
import { caseRunOptions, getCase, programContent } from '../case-queries';
import { experimentPlan, planSlots, type ExperimentPlan } from '../run-experiments';
import { claimedByLiveRun, ensureSlot, getAttempt, reconcileOrphans } from '../run-attempts';
import { runsRoot } from '../runs-folders';
import type { AttemptSpec } from '../runners/runner';

type PlanContext = Pick<HandlerContext, 'db' | 'dbPath' | 'writes'>;

/** The attempts a run takes, claimed for it, in the experiment's slot order. */
export interface PlannedRun {
  experiment: string;
  /** Every arm of the experiment, in its order (the dispatch order follows it). */
  arms: readonly string[];
  specs: AttemptSpec[];
}

/** Who plans: the run's job id and folder tag, and the worker session that will own its attempts. */
export interface RunIdentity {
  jobId: string;
  runTag: string;
  session: LiveSession;
}

/**
 * Picks the never-started slots of the request's arms, resolves what each runs and claims
 * them for the run. A request that would overwrite an attempt, or finds nothing to do, is
 * refused before anything is claimed.
 */
export async function planRun(ctx: PlanContext, req: ParsedRequestOf<'runs.start'>, run: RunIdentity): Promise<PlannedRun> {
  // Checking which slots were never started and claiming them is one step under the write
  // lock, so two runs started at once cannot both start a slot.
  const { plan, planned, ids } = await ctx.writes.run(async () => {
    reconcileOrphans(ctx.db, run.session, req.experiment);
    const plan = experimentPlan(ctx.db, req.experiment);
    if (plan.cases.length === 0) throw new ApiError('invalid_request', `experiment "${plan.id}" has no cases`);
    const arms = req.arms ?? plan.arms;
    for (const arm of arms)
      if (!plan.arms.includes(arm)) throw new ApiError('invalid_request', `arms: experiment "${plan.id}" has no arm "${arm}" (arms: ${plan.arms.join(', ')})`);
    const slots = planSlots(ctx.db, plan, arms);
    const todo = slots.filter((s) => neverStarted(s.row, (row) => claimedByLiveRun(ctx.db, row.id, run.session)));
    if (!req.continue && todo.length < slots.length) {
      throw new ApiError(
        'invalid_request',
        `experiment "${plan.id}": ${slots.length - todo.length} of ${slots.length} slots were already started; pass continue to start only the ${todo.length} never started, or make a new experiment (attempts are never overwritten)`,
      );
    }
    if (todo.length === 0)
      throw new ApiError('invalid_request', `experiment "${plan.id}": every slot of ${arms.join(', ')} has been started; there is nothing to continue`);
    const planned = planAttempts(ctx, plan, todo, req.timeoutS);
    const ids = ctx.db.transaction(() =>
      planned.map((p) => {
        const id = ensureSlot(ctx.db, plan.id, p.caseId, p.arm, p.repeat);
        ctx.db.prepare('UPDATE attempts SET run_job_id = ?, owner = ? WHERE id = ?').run(run.jobId, run.session.id, id);
        return id;
      }),
    )();
    return { plan, planned, ids };
  });
  const root = req.backend === 'slurm' && req.slurm?.workDir ? req.slurm.workDir : runsRoot(ctx.dbPath);
  const expFolder = plan.id.replace(/[^A-Za-z0-9._-]/g, '_');
  const specs: AttemptSpec[] = planned.map((p, i) => ({
    attemptId: ids[i]!,
    experiment: plan.id,
    caseId: p.caseId,
    arm: p.arm,
    repeat: p.repeat,
    files: p.files,
    dataDir: p.dataDir,
    command: p.command,
    timeoutS: p.timeoutS,
    score: p.score,
    localDir: join(root, expFolder, `a${ids[i]}-${run.runTag}`),
    envNames: p.envNames,
    gpus: p.gpus,
  }));
  return { experiment: plan.id, arms: plan.arms, specs };
}

/**
 * Gives the slots a run claimed but never dispatched back to never-started; windows are told,
 * since their grids still show those slots claimed by a live run.
 */
export async function releaseClaims(ctx: Pick<HandlerContext, 'db' | 'writes' | 'emit'>, jobId: string): Promise<void> {
  await ctx.writes.run(async () => {
    const released = ctx.db
      .prepare<unknown[], number>('UPDATE attempts SET run_job_id = NULL, owner = NULL WHERE run_job_id = ? AND dispatched_at IS NULL RETURNING id')
      .pluck()
      .all(jobId);
    for (const id of released) ctx.emit({ type: 'attempt:status', jobId, attempt: getAttempt(ctx.db, id) });
  });
}

/** Whether a slot was never started (and no live run has claimed it). */
function neverStarted(row: AttemptRow | null, claimedByLiveRun: (row: AttemptRow) => boolean): boolean {
  return row === null || (row.status === 'queued' && row.dispatchedAt === null && !claimedByLiveRun(row));
}

type PlannedAttempt = Omit<AttemptSpec, 'attemptId' | 'experiment' | 'localDir' | 'slot' | 'gpu'>;

/** Resolves each slot's program, command and cap (arm variants applied) and checks them before anything runs. */
function planAttempts(
  ctx: PlanContext,
  plan: ExperimentPlan,
  slots: { caseId: string; arm: string; repeat: number }[],
  timeoutS: number | undefined,
): PlannedAttempt[] {
  const cases = new Map(plan.cases.map((c) => [c, getCase(ctx.db, c)]));
  const contents = new Map<string, { path: string; content: string }>();
  const content = (program: CaseProgram) => {
    const key = JSON.stringify(program);
    let c = contents.get(key);
    if (!c) contents.set(key, (c = programContent(ctx.db, program)));
    return c;
  };
  return slots.map(({ caseId, arm, repeat }) => {
    const c = cases.get(caseId)!;
    const variant = plan.variants.find((v) => v.arm === arm && v.case === caseId) ?? plan.variants.find((v) => v.arm === arm && v.case === null);
    const program = content(variant?.program ?? c.program);
    const problem = relativePathProblem(program.path);
    if (problem) throw new ApiError('invalid_request', `case "${caseId}": program path "${program.path}" ${problem}`);
    if (c.score.from === 'json' && relativePathProblem(c.score.path))
      throw new ApiError('invalid_request', `case "${caseId}": score file "${c.score.path}" ${relativePathProblem(c.score.path)}`);
    if (c.dataDir !== null) {
      let isDir = false;
      try {
        isDir = statSync(c.dataDir).isDirectory();
      } catch {
        isDir = false;
      }
      if (!isDir) throw new ApiError('invalid_request', `case "${caseId}": its data folder ${c.dataDir} is not a folder on this machine`);
    }
    const options = caseRunOptions(ctx.db, caseId);
    return {
      caseId,
      arm,
      repeat,
      files: [program],
      dataDir: c.dataDir,
      command: variant?.command ?? c.command,
      timeoutS: timeoutS ?? c.timeoutS,
      score: c.score,
      envNames: options.env,
      gpus: options.gpus,
    };
  });
}
