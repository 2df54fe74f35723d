import { UsageError } from './cli-error';
import { defineCommand } from './commands';
import { modelOptions, modelRequest, modelUsage, printRun, runToEnd, wholeNumber } from './pipeline-cli';

/**
 * `rwb curate`: a new frozen library matched to the pool's failure mix, by Quota (the miner
 * asked per category) or Filtered (a library cut to the pool's proportions).
 */
export const curateCommand = defineCommand({
  usage: `rwb curate --method quota|filtered [--size N] [--collection ID] [--from LIBRARY] [--stop-after-covered 2] [--name NAME] ${modelUsage} [--db FILE] [--json]`,
  summary: 'curate a new library: quota (mine per category to a target size) or filtered (cut --from a library)',
  options: {
    method: { type: 'string' },
    size: { type: 'string' },
    collection: { type: 'string' },
    from: { type: 'string' },
    'stop-after-covered': { type: 'string' },
    name: { type: 'string' },
    ...modelOptions,
  },
  async run(ctx) {
    const method = ctx.values.method;
    const collection = ctx.values.collection;
    const name = ctx.values.name;
    const size = wholeNumber('size', ctx.values.size, 1);
    const common = { ...(collection === undefined ? {} : { collection }), ...(name === undefined ? {} : { name }) };
    const core = await ctx.core();
    let start;
    if (method === 'quota') {
      if (size === undefined) throw new UsageError('curate --method quota needs --size N (the target library size)');
      const stopAfterCovered = wholeNumber('stop-after-covered', ctx.values['stop-after-covered'], 1);
      start = (jobId: string) =>
        core.invoke('pipeline.curate', {
          method: 'quota',
          targetSize: size,
          ...common,
          ...(stopAfterCovered === undefined ? {} : { stopAfterCovered }),
          ...modelRequest(ctx.values),
          wait: true,
          jobId,
        });
    } else if (method === 'filtered') {
      const from = ctx.values.from;
      if (!from) throw new UsageError('curate --method filtered needs --from LIBRARY (the library to cut)');
      start = (jobId: string) =>
        core.invoke('pipeline.curate', { method: 'filtered', from, ...common, ...(size === undefined ? {} : { targetSize: size }), wait: true, jobId });
    } else throw new UsageError(`--method must be quota or filtered, not "${method ?? ''}"`);
    printRun(ctx, await runToEnd(core, `curate-${process.pid}`, start));
  },
});
