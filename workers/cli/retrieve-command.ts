import { UsageError } from './cli-error';
import { defineCommand } from './commands';
import { formatTable } from './format-table';
import { wholeNumber } from './pipeline-cli';

/** `--protect CODE=N`, repeatable, into `{CODE: N}`. */
function parseProtect(values: readonly string[]): Record<string, number> {
  const protect: Record<string, number> = {};
  for (const value of values) {
    const match = /^([^=\s]+)=(\d+)$/.exec(value);
    if (!match) throw new UsageError(`--protect takes CODE=N (e.g. C11=2), not "${value}"`);
    const [, code, count] = match;
    if (code! in protect) throw new UsageError(`--protect names ${code} twice`);
    protect[code!] = Number(count);
  }
  return protect;
}

/** `rwb retrieve`: category-split retrieval of a library's rubrics for a rollout (or one of its steps). */
export const retrieveCommand = defineCommand({
  usage: 'rwb retrieve --library ID --rollout ID [--step N] [--collection ID] [--slots 12] [--protect CODE=N ...] [--db FILE] [--json]',
  summary: 'category-split retrieval of rubrics for a rollout, slots split by the pool mix',
  options: {
    library: { type: 'string' },
    rollout: { type: 'string' },
    step: { type: 'string' },
    collection: { type: 'string' },
    slots: { type: 'string' },
    protect: { type: 'string', multiple: true },
  },
  async run(ctx) {
    const library = ctx.values.library;
    const rollout = ctx.values.rollout;
    if (!library || !rollout) throw new UsageError('retrieve needs --library ID and --rollout ID');
    const step = wholeNumber('step', ctx.values.step, 0);
    const slots = wholeNumber('slots', ctx.values.slots, 1);
    const collection = ctx.values.collection;
    const protect = parseProtect(ctx.values.protect ?? []);
    const result = await (
      await ctx.core()
    ).invoke('retrieval.run', {
      library,
      rollout,
      protect,
      ...(step === undefined ? {} : { step }),
      ...(slots === undefined ? {} : { slots }),
      ...(collection === undefined ? {} : { collection }),
    });
    if (ctx.json) return ctx.out(`${JSON.stringify(result, null, 2)}\n`);
    const allocation = result.allocation.map((a) => [
      a.category,
      a.share.toFixed(3),
      a.exact.toFixed(2),
      a.slotsBefore,
      a.slots,
      a.available,
      a.protected ? 'protected' : '',
    ]);
    const filled = result.allocation.reduce((sum, a) => sum + a.slots, 0);
    ctx.out(`${result.slots} slots (${filled} filled), pool: ${result.collection ?? 'all collections'}\n`);
    ctx.out(`${formatTable([['category', 'share', 'exact', 'before', 'slots', 'available', ''], ...allocation])}\n\n`);
    const rubrics = result.rubrics.map((r) => [r.category, r.rank, r.id, r.score.toFixed(2), r.title.slice(0, 60), r.matchedTerms.join(' ')]);
    ctx.out(`${formatTable([['category', 'rank', 'rubric', 'score', 'title', 'matched'], ...rubrics])}\n`);
  },
});
