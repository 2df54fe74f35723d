import { defineCommand } from './commands';
import { modelOptions, modelRequest, modelUsage, printRun, runToEnd, wholeNumber } from './pipeline-cli';

/** `rwb mine`: whole-rollout mining into a new frozen library, with its funnel and costs. */
export const mineCommand = defineCommand({
  usage: `rwb mine [--collection ID | --rollout ID ...] [--max-per-rollout 6] [--name NAME] ${modelUsage} [--db FILE] [--json]`,
  summary: 'mine rubrics from rollouts (up to N each) into a new whole-rollout library',
  options: {
    collection: { type: 'string' },
    rollout: { type: 'string', multiple: true },
    'max-per-rollout': { type: 'string' },
    name: { type: 'string' },
    ...modelOptions,
  },
  async run(ctx) {
    const rollouts = ctx.values.rollout;
    const collection = ctx.values.collection;
    const name = ctx.values.name;
    const maxPerRollout = wholeNumber('max-per-rollout', ctx.values['max-per-rollout'], 1);
    const core = await ctx.core();
    const run = await runToEnd(core, `mine-${process.pid}`, (jobId) =>
      core.invoke('pipeline.mine', {
        ...(rollouts?.length ? { rollouts } : {}),
        ...(collection === undefined ? {} : { collection }),
        ...(maxPerRollout === undefined ? {} : { maxPerRollout }),
        ...(name === undefined ? {} : { name }),
        ...modelRequest(ctx.values),
        wait: true,
        jobId,
      }),
    );
    printRun(ctx, run);
  },
});
