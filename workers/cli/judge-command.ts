import { UsageError } from './cli-error';
import { defineCommand } from './commands';
import { formatTable } from './format-table';
import { modelOptions, modelRequest, modelUsage, printRun, runToEnd, wholeNumber } from './pipeline-cli';

/** `rwb judge`: the CWM judge on one case, a verdict per rubric retrieved for it. */
export const judgeCommand = defineCommand({
  usage: `rwb judge --library ID --rollout ID [--step N] [--program PATH@VERSION] [--collection ID] [--slots 12] ${modelUsage} [--db FILE] [--json]`,
  summary: 'judge a program (static facts only) against the rubrics retrieved for it: fires, does not fire, ...',
  options: {
    library: { type: 'string' },
    rollout: { type: 'string' },
    step: { type: 'string' },
    program: { type: 'string' },
    collection: { type: 'string' },
    slots: { type: 'string' },
    ...modelOptions,
  },
  async run(ctx) {
    const library = ctx.values.library;
    const rollout = ctx.values.rollout;
    if (!library || !rollout) throw new UsageError('judge needs --library ID and --rollout ID');
    const step = wholeNumber('step', ctx.values.step, 0);
    const slots = wholeNumber('slots', ctx.values.slots, 1);
    const programText = ctx.values.program;
    const match = programText === undefined ? null : /^(.+)@(\d+)$/.exec(programText);
    if (programText !== undefined && !match) throw new UsageError(`--program takes PATH@VERSION (e.g. train.py@2), not "${programText}"`);
    const collection = ctx.values.collection;
    const target = { rollout, ...(step === undefined ? {} : { step }), ...(match ? { program: { path: match[1]!, version: Number(match[2]) } } : {}) };
    const core = await ctx.core();
    const run = await runToEnd(core, `judge-${process.pid}`, (jobId) =>
      core.invoke('pipeline.judge', {
        library,
        targets: [target],
        ...(collection === undefined ? {} : { collection }),
        ...(slots === undefined ? {} : { slots }),
        ...modelRequest(ctx.values),
        wait: true,
        jobId,
      }),
    );
    if (ctx.json || run.status !== 'done') return printRun(ctx, run);
    const verdicts = await core.invoke('verdicts.list', { rollout, run: run.id });
    const rows = verdicts.map((v) => [
      v.rubric,
      v.verdict,
      v.predictedException ?? '',
      v.grounded === null ? '' : v.grounded ? 'yes' : 'NO',
      (v.rationale ?? '').replace(/\s+/g, ' ').slice(0, 90),
    ]);
    printRun(ctx, run);
    ctx.out(`\n${formatTable([['rubric', 'verdict', 'predicted exception', 'grounded', 'rationale'], ...rows])}\n`);
  },
});
