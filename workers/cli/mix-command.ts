import { UsageError } from './cli-error';
import { defineCommand } from './commands';
import { formatTable } from './format-table';

const percent = (share: number | undefined) => (share === undefined ? '' : `${(share * 100).toFixed(1)}%`);

/** `rwb mix`: a library's category mix against the failure pool, and the distance between them. */
export const mixCommand = defineCommand({
  usage: 'rwb mix --library ID [--collection ID] [--db FILE] [--json]',
  summary: "a library's category mix against the pool's (failure events of a collection, default all)",
  options: { library: { type: 'string' }, collection: { type: 'string' } },
  async run(ctx) {
    const library = ctx.values.library;
    if (!library) throw new UsageError('mix needs --library ID');
    const collection = ctx.values.collection;
    const core = await ctx.core();
    const mix = await core.invoke('libraries.mix', { library, ...(collection === undefined ? {} : { collection }) });
    if (ctx.json) return ctx.out(`${JSON.stringify(mix, null, 2)}\n`);
    const names = new Map((await core.invoke('taxonomy.get', {})).categories.map((c) => [c.code, c.name]));
    const codes = [...new Set([...Object.keys(mix.counts.library), ...Object.keys(mix.counts.pool)])].sort();
    const rows = codes.map((code) => [
      code,
      names.get(code) ?? '',
      mix.counts.library[code] ?? 0,
      percent(mix.libraryTotal ? (mix.library[code] ?? 0) : undefined),
      mix.counts.pool[code] ?? 0,
      percent(mix.poolTotal ? (mix.pool[code] ?? 0) : undefined),
    ]);
    const header = ['category', 'name', 'library', 'library share', 'pool', 'pool share'];
    const distance = mix.distance === null ? 'undefined (the library or the pool is empty)' : mix.distance.toFixed(1);
    ctx.out(`${formatTable([header, ...rows, ['total', '', mix.libraryTotal, '', mix.poolTotal, '']])}\n\n`);
    ctx.out(`distance to the pool's mix (${collection ?? 'all collections'}): ${distance}   (0 = same mix, 100 = no overlap)\n`);
  },
});
