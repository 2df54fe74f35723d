/**
 * The CWM judge as a pipeline run: the plan fixes each case's program version and the rubrics
 * category-split retrieval picks for it; executing asks the judge once per case and turns
 * the answer into one verdict per rubric, each citation checked for grounding. A rubric the
 * judge skipped, or a case whose call failed, gets `unknown`: missing answers stay visible.
 */
import type { JudgeTargetReport } from '../../common/pipeline/pipeline-types';
import type { RubricFamily } from '../../common/rubrics/rubric-types';
import { ShownPrograms } from '../curation/citations';
import { settleAll } from '../curation/settle-all';
import type { Db } from '../db/open-corpus';
import { judgeCase, resolveProgram, type JudgedProgram } from '../judge/judge-input';
import { judgeRequest, type JudgedRubric } from '../judge/judge-request';
import { groundedAll, type VerdictDraft } from '../judge/verdict-store';
import { runRetrieval } from '../retrieval/run-retrieval';
import { emptyReport, type JudgeParams, type RunEnv, type VerdictOutcome } from './run-env';

/** A judge run's plan: each case's program version and retrieved rubrics. */
export interface JudgePlan {
  targets: { unit: string; rollout: string; step: number | null; program: JudgedProgram; rubrics: string[] }[];
}

/** Resolves each target's program and retrieves its rubrics. */
export function planJudge(db: Db, params: JudgeParams): JudgePlan {
  return {
    targets: params.targets.map((t) => {
      const program = resolveProgram(db, t);
      const retrieval = runRetrieval(db, {
        library: params.library,
        rollout: t.rollout,
        step: t.step,
        collection: params.collection,
        slots: params.slots,
        protect: params.protect,
      });
      return {
        unit: `${t.rollout}/${program.path}@${program.version}`,
        rollout: t.rollout,
        step: t.step ?? null,
        program,
        rubrics: retrieval.rubrics.map((r) => r.id),
      };
    }),
  };
}

function rubricsById(db: Db, ids: readonly string[]): Map<string, JudgedRubric> {
  const rows = db
    .prepare<unknown[], JudgedRubric & { family: RubricFamily }>(
      `SELECT id, title, applies_when AS appliesWhen, pattern, fix, family FROM rubrics WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids));
  return new Map(rows.map((r) => [r.id, r]));
}

type Target = JudgePlan['targets'][number];

async function judgeTarget(env: RunEnv, params: JudgeParams, target: Target): Promise<{ report: JudgeTargetReport; verdicts: VerdictDraft[] }> {
  const base = {
    unit: target.unit,
    rollout: target.rollout,
    step: target.step,
    program: { path: target.program.path, version: target.program.version },
    rubrics: target.rubrics.length,
  };
  const byId = rubricsById(env.db, target.rubrics);
  const rubrics = target.rubrics.map((id) => byId.get(id)!);
  if (rubrics.length === 0) return { report: { ...base, outcome: 'judged', reason: null, message: null, fires: 0 }, verdicts: [] };
  const input = judgeCase(env.db, target.program);
  const result = await env.caller.call(judgeRequest(input, rubrics as [JudgedRubric, ...JudgedRubric[]], params));
  const unknown = (rubric: string, rationale: string, requestId: number | null): VerdictDraft => ({
    rubric,
    program: target.program.id,
    verdict: 'unknown',
    predictedException: null,
    rationale,
    citations: [],
    grounded: null,
    requestId,
  });
  if (!result.ok) {
    const verdicts = target.rubrics.map((id) => unknown(id, `no answer: ${result.message}`, result.requestId));
    return { report: { ...base, outcome: 'failed', reason: result.reason, message: result.message, fires: 0 }, verdicts };
  }
  const shown = new ShownPrograms([input.program]);
  const answers = new Map<string, (typeof result.value.verdicts)[number]>();
  // A rubric answered twice keeps its first answer.
  for (const v of result.value.verdicts) if (!answers.has(v.rubric)) answers.set(v.rubric, v);
  const verdicts = target.rubrics.map((id): VerdictDraft => {
    const a = answers.get(id);
    if (!a) return unknown(id, 'the judge gave no verdict for this rubric', result.requestId);
    const citations = a.citations.map((c) => ({ program: c.program, lineStart: c.lineStart, lineEnd: c.lineEnd, quote: c.quote, ...shown.check(c) }));
    return {
      rubric: id,
      program: target.program.id,
      verdict: a.verdict,
      // A prediction only means something for a rubric that fires.
      predictedException: a.verdict === 'fires' ? a.predictedException : null,
      rationale: a.rationale,
      citations,
      grounded: groundedAll(citations),
      requestId: result.requestId,
    };
  });
  return { report: { ...base, outcome: 'judged', reason: null, message: null, fires: verdicts.filter((v) => v.verdict === 'fires').length }, verdicts };
}

/** Judges every planned case (concurrently, as the client's limits allow); verdicts come in plan order. */
export async function executeJudge(env: RunEnv, params: JudgeParams, plan: JudgePlan): Promise<VerdictOutcome> {
  let done = 0;
  const total = plan.targets.length;
  const results = await settleAll(
    plan.targets.map(async (target) => {
      const judged = await judgeTarget(env, params, target);
      env.progress(++done, `${done} of ${total} case${total === 1 ? '' : 's'} judged`);
      return judged;
    }),
  );
  const verdicts = results.flatMap((r) => r.verdicts);
  return { kind: 'verdicts', verdicts, report: { ...emptyReport(), targets: results.map((r) => r.report), verdicts: verdicts.length } };
}
