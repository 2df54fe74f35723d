import type { NewestFirstSearch } from '../../common/search/search-types';
import { UsageError } from './cli-error';
import { defineCommand } from './commands';
import { formatTable } from './format-table';

const count = (n: number) => n.toLocaleString('en-US');

/** Why the hits are not ranked, in one line. */
export function newestFirstNote(result: NewestFirstSearch): string {
  const matches = `${result.matches.estimated ? 'about ' : ''}${count(result.matches.count)} steps match`;
  const why =
    result.reason === 'matches'
      ? `${matches}, too many to rank by relevance; add words to narrow the search`
      : `${matches}, but ranking them by relevance would be slow with words this common: ${result.commonWords.map((w) => `"${w.word}" (about ${count(w.steps)} steps)`).join(', ')}; leave them out to rank`;
  const whole = result.wholeWord === null ? '' : `; "${result.wholeWord}" matched as a whole word, not as a prefix`;
  return `newest first: ${why}${whole}`;
}

/** `rwb search`: full-text search; `--json` prints the hits as `search.query` answers, and a note on stderr says when they are newest first. */
export const searchCommand = defineCommand({
  usage: 'rwb search QUERY [--limit N] [--rubrics] [--db FILE] [--json]',
  summary: 'full-text search over commands, outputs, tracebacks (and rubrics)',
  options: { limit: { type: 'string' }, rubrics: { type: 'boolean' } },
  async run(ctx) {
    const query = ctx.positionals.join(' ');
    if (query.trim() === '') throw new UsageError('search needs a QUERY');
    const limitText = ctx.values.limit ?? '50';
    const limit = Number(limitText);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive whole number, not "${limitText}"`);
    const result = await (await ctx.core()).invoke('search.query', { query, limit, rubrics: ctx.values.rubrics === true });
    if (result.ranking === 'newest') process.stderr.write(`rwb: ${newestFirstNote(result)}\n`);
    if (ctx.json) return ctx.out(`${JSON.stringify(result.hits, null, 2)}\n`);
    const rows = result.hits.map((h) => [h.rubric ?? `${h.rollout}#${h.step}`, h.field, h.snippet.replace(/\s+/g, ' ').slice(0, 100)]);
    ctx.out(`${formatTable([['where', 'field', 'snippet'], ...rows])}\n`);
  },
});
