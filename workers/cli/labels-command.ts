import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RequestOf } from '../../common/contract';
import { ApiError } from '../../common/errors';
import { UsageError } from './cli-error';
import { oneOf } from './choice-option';
import { defineCommand, type CommandContext, type OptionSpecs } from './commands';
import { formatTable } from './format-table';

/** Each subcommand's usage; the first line is the summary `rwb --help` lists. */
const usages = [
  'rwb labels export|import|history|schemas ...',
  '  rwb labels export [--out FILE] [--format bundle|csv] [--schema NAME] [--annotator NAME]',
  '  rwb labels import FILE... [--format auto|bundle|csv]',
  '  rwb labels history [--annotator NAME] [--schema NAME]',
  '  rwb labels schemas',
  '  rwb labels audit-report --rollout ID --annotator NAME [--out FILE]',
];

const options = {
  out: { type: 'string' },
  format: { type: 'string' },
  schema: { type: 'string' },
  annotator: { type: 'string' },
  rollout: { type: 'string' },
} as const satisfies OptionSpecs;

const subcommands: Record<string, (ctx: CommandContext<typeof options>, args: string[]) => Promise<void>> = {
  async export(ctx) {
    const out = ctx.values.out;
    const format = oneOf(ctx.values.format, ['bundle', 'csv'] as const, 'format');
    // Without --out the worker picks a new file in the exports folder beside the corpus.
    const request: RequestOf<'labels.export'> = {
      out: out === undefined ? undefined : resolve(out),
      format,
      schema: ctx.values.schema,
      annotator: ctx.values.annotator,
    };
    const result = await (await ctx.core()).invoke('labels.export', request);
    if (ctx.json) return ctx.out(`${JSON.stringify(result, null, 2)}\n`);
    if (result.renamedFrom) ctx.out(`${result.renamedFrom} already exists and was left alone\n`);
    ctx.out(`wrote ${result.records} label records to ${result.path} (${result.format})\n`);
  },

  async import(ctx, files) {
    if (files.length === 0) throw new UsageError('labels import needs at least one FILE');
    const format = oneOf(ctx.values.format, ['auto', 'bundle', 'csv'] as const, 'format');
    const result = await (await ctx.core()).invoke('labels.import', { paths: files.map((f) => resolve(f)), format });
    const failed = result.files.filter((f) => f.error);
    // Every file is attempted; any failure makes the exit code say so.
    if (failed.length) process.exitCode = 1;
    for (const f of failed) process.stderr.write(`rwb: ${f.error!.message}\n`);
    if (ctx.json) return ctx.out(`${JSON.stringify(result, null, 2)}\n`);
    const rows = result.files.map((f) => [f.file, f.format, f.labels, f.duplicates, f.error ? 'FAILED' : 'ok']);
    ctx.out(`${formatTable([['file', 'format', 'labels', 'duplicates', 'result'], ...rows])}\n`);
  },

  async history(ctx) {
    const result = await (await ctx.core()).invoke('labels.history', { annotator: ctx.values.annotator, schema: ctx.values.schema, limit: 100_000 });
    if (ctx.json) return ctx.out(`${JSON.stringify(result, null, 2)}\n`);
    const rows = result.labels.map((l) => [
      l.at,
      l.annotator,
      l.schema,
      `${l.target.kind}:${l.target.id}`,
      l.retracts !== null ? `(retracts ${l.retracts})` : typeof l.value === 'string' ? l.value : JSON.stringify(l.value).slice(0, 40),
      l.reasons.join(' '),
      l.adjudication ? 'adjudication' : '',
    ]);
    ctx.out(`${formatTable([['at', 'annotator', 'schema', 'target', 'value', 'reasons', ''], ...rows])}\n`);
  },

  'audit-report': async (ctx) => {
    const rollout = ctx.values.rollout;
    const annotator = ctx.values.annotator;
    if (!rollout || !annotator) throw new UsageError('labels audit-report needs --rollout ID and --annotator NAME');
    const report = await (await ctx.core()).invoke('labels.auditReport', { rollout, annotator });
    if (report.markdown === null) throw new ApiError('not_found', `${annotator} has no run audit of rollout ${rollout}`);
    const out = ctx.values.out;
    if (ctx.json) return ctx.out(`${JSON.stringify(report, null, 2)}\n`);
    if (!out) return ctx.out(report.markdown);
    writeFileSync(resolve(out), report.markdown);
    process.stderr.write(`wrote the run audit of ${rollout} to ${resolve(out)}\n`);
  },

  async schemas(ctx) {
    const schemas = await (await ctx.core()).invoke('labels.schemas', {});
    if (ctx.json) return ctx.out(`${JSON.stringify(schemas, null, 2)}\n`);
    const rows = schemas.map((s) => [
      s.name,
      s.version,
      s.definition.target,
      s.options
        .map((o) => o.value)
        .join(' ')
        .slice(0, 60),
      s.definition.overlapTarget,
    ]);
    ctx.out(`${formatTable([['schema', 'version', 'items', 'values', 'overlap'], ...rows])}\n`);
  },
};

/** `rwb labels`: label files in and out (offline collaboration), the label history, the schemas. */
export const labelsCommand = defineCommand({
  usage: usages[0]!,
  summary: 'label files out (bundle or CSV) and in, the history, the schemas, a run audit as Markdown',
  options,
  async run(ctx) {
    const [name, ...args] = ctx.positionals;
    const sub = name === undefined ? undefined : subcommands[name];
    if (!sub) throw new UsageError(`labels needs a subcommand:\n${usages.slice(1).join('\n')}`);
    await sub(ctx, args);
  },
});
