/**
 * What the pipeline commands share: limit options, a run started and waited for with Ctrl-C
 * cancelling it, and the way a run is printed (state, funnel, costs) and turned into an exit
 * code (a run that did not finish is a failed operation).
 */
import type { PipelineRunDetail, PipelineRunStarted } from '../../common/pipeline/pipeline-types';
import type { Core } from '../core/core';
import { UsageError } from './cli-error';
import type { CommandContext, OptionSpecs, OptionValues } from './commands';
import { formatTable } from './format-table';

/** The options every model-backed pipeline command takes. */
export const modelOptions = {
  model: { type: 'string' },
  'max-requests': { type: 'string' },
  'max-usd': { type: 'string' },
  deadline: { type: 'string' },
  concurrency: { type: 'string' },
} as const satisfies OptionSpecs;

/** The usage text of {@link modelOptions}. */
export const modelUsage = '[--model M] [--max-requests N] [--max-usd X] [--deadline ISO] [--concurrency N]';

/** A whole number option of at least `min`, or undefined when absent. */
export function wholeNumber(option: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`--${option} must be a whole number of at least ${min}, not "${text}"`);
  return Number(text);
}

/** `model` and `limits` of a request, from the options. */
export function modelRequest(values: OptionValues<typeof modelOptions>): { model?: string; limits: Record<string, unknown> } {
  const usdText = values['max-usd'];
  const maxUsd = usdText === undefined ? undefined : Number(usdText);
  if (maxUsd !== undefined && !(maxUsd > 0)) throw new UsageError(`--max-usd must be a positive number, not "${usdText}"`);
  const limits = {
    maxRequests: wholeNumber('max-requests', values['max-requests'], 1),
    maxUsd,
    deadline: values.deadline,
    concurrency: wholeNumber('concurrency', values.concurrency, 1),
  };
  const model = values.model;
  return { ...(model === undefined ? {} : { model }), limits: Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)) };
}

/** Starts a run and waits for its end; Ctrl-C cancels it (it can be resumed later). */
export async function runToEnd(core: Core, jobId: string, start: (jobId: string) => Promise<PipelineRunStarted>): Promise<PipelineRunDetail> {
  const cancel = () => void core.invoke('jobs.cancel', { jobId });
  process.once('SIGINT', cancel);
  try {
    return (await start(jobId)).run;
  } finally {
    process.off('SIGINT', cancel);
  }
}

const money = (usd: number | null) => (usd === null ? 'unknown' : `$${usd.toFixed(4)}`);

/** Prints a run (or its JSON) and sets a failing exit code when it did not finish. */
export function printRun(ctx: CommandContext, run: PipelineRunDetail): void {
  if (run.status !== 'done') {
    process.exitCode = 1;
    process.stderr.write(`rwb: pipeline run ${run.id} ${run.status}: ${run.error ?? run.message ?? ''}\n`);
  }
  if (ctx.json) return ctx.out(`${JSON.stringify(run, null, 2)}\n`);
  const report = run.report;
  const lines = [`run ${run.id} (${run.kind}): ${run.status}${run.message ? ` - ${run.message}` : ''}`];
  if (run.library) lines.push(`library ${run.library}`);
  if (report?.funnel) {
    const f = report.funnel;
    const reasons = Object.entries(f.reasons)
      .map(([reason, n]) => `${reason} ${n}`)
      .join(', ');
    lines.push(
      `funnel: ${f.proposed} proposed -> ${f.passedChecks} passed grounding and format -> ${f.unique} unique -> ${f.accepted} accepted${reasons ? ` (rejections, overlapping: ${reasons})` : ''}`,
    );
  }
  const failed = report?.units.filter((u) => u.outcome === 'failed') ?? [];
  for (const u of failed) lines.push(`unit ${u.unit}: no answer (${u.reason}): ${u.message}`);
  for (const v of report?.violations ?? [])
    lines.push(`held-out origin: rubric ${v.rubric} "${v.title}" from task ${v.task} (${v.benchmark}, rollout ${v.rollout})`);
  const c = run.costs;
  lines.push(
    `requests: ${c.requests} (${c.sent} sent, ${c.reused} reused from the ledger, ${c.failed} without an answer); cost ${money(c.costUsd)}${c.unknownCost ? ` + ${c.unknownCost} of unknown cost` : ''}; per accepted rubric ${money(c.costPerAccepted)}`,
  );
  if (report && report.categories.length) {
    const header = ['category', 'share', 'quota', 'failures', 'asked', 'failed', 'covered', 'filled', 'stop'];
    const rows = report.categories.map((q) => [q.category, q.share.toFixed(3), q.quota, q.failures, q.asked, q.failedCalls, q.covered, q.filled, q.stop]);
    lines.push('', formatTable([header, ...rows]));
  }
  ctx.out(`${lines.join('\n')}\n`);
}
