import type { Command } from './commands';
import { modelOptions, modelRequest, modelUsage, printRun, runToEnd, wholeNumber } from './pipeline-cli';

/** `rwb mine`: whole-rollout mining into a new frozen library, with its funnel and costs. */
export const mineCommand: Command = {
  usage: `rwb mine [--collection ID | --rollout ID ...] [--max-per-rollout 6] [--name NAME] ${modelUsage} [--db FILE] [--json]`,
  summary: 'mine rubrics from rollouts (up to N each) into a new whole-rollout library',
  options: { collection: { type: 'string' }, rollout: { type: 'string', multiple: true }, 'max-per-rollout': { type: 'string' }, name: { type: 'string' }, ...modelOptions },
  async run(ctx) {
    const rollouts = ctx.values.rollout as unknown as string[] | undefined;
    const collection = ctx.values.collection as string | undefined;
    const name = ctx.values.name as string | undefined;
    const maxPerRollout = wholeNumber(ctx, 'max-per-rollout', 1);
    const core = await ctx.core();
    const run = await runToEnd(core, `mine-${process.pid}`, (jobId) =>
      core.invoke('pipeline.mine', {
        ...(rollouts?.length ? { rollouts } : {}),
        ...(collection === undefined ? {} : { collection }),
        ...(maxPerRollout === undefined ? {} : { maxPerRollout }),
        ...(name === undefined ? {} : { name }),
        ...modelRequest(ctx),
        wait: true,
        jobId,
      }),
    );
    printRun(ctx, run);
  },
};
