/** `rwb import` and `rwb failures`: reading run files into a corpus, and what failed in a rollout. */
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { importFormats } from '../../common/corpus/import-formats';
import { importers } from '../import/registry';
import { UsageError } from './cli-error';
import { oneOf } from './choice-option';
import { defineCommand, type CommandContext } from './commands';
import { formatTable } from './format-table';

function writeJson(ctx: CommandContext, value: unknown): void {
  ctx.out(`${JSON.stringify(value, null, 2)}\n`);
}

/** Every format `--format` accepts, with what it reads: what `rwb import --format` prints. */
export function formatList(): string {
  const rows = [['auto', "detect the format from the file's content"], ...importers.map((i) => [i.format, i.summary])];
  return `${formatTable([['format', 'reads'], ...rows])}\n`;
}

export const importCommand = defineCommand({
  usage: `rwb import FILE... [--format auto|${importers.map((i) => i.format).join('|')}] [--db FILE] [--json]`,
  summary: 'import files, atomically per file (`--format` alone lists the formats)',
  options: { format: { type: 'string' } },
  async run(ctx) {
    if (ctx.positionals.length === 0) throw new UsageError('import needs at least one FILE');
    const format = oneOf(ctx.values.format, importFormats, 'format') ?? 'auto';
    const paths = ctx.positionals.map((p) => resolve(p));
    // A corpus this command creates is removed again when nothing could be imported into it.
    const created = !ctx.seedSample && !existsSync(ctx.dbPath);
    const core = await ctx.core();
    const result = await core.invoke('import.files', { paths, format });
    const failed = result.files.filter((f) => f.error);
    // Every file is attempted; any failure makes the exit code say so.
    if (failed.length) process.exitCode = 1;
    for (const f of failed) process.stderr.write(`rwb: ${f.error!.message}\n`);
    if (created && failed.length === result.files.length) {
      core.close();
      for (const suffix of ['', '-wal', '-shm']) rmSync(ctx.dbPath + suffix, { force: true });
      process.stderr.write(`rwb: nothing was imported; ${ctx.dbPath} was not created\n`);
    }
    if (ctx.json) return writeJson(ctx, result);
    const header = ['file', 'format', 'rollouts', 'steps', 'programs', 'failures', 'rubrics', 'libraries', 'labels', 'duplicates', 'result'];
    const rows = result.files.map((f) => [
      f.file,
      f.format,
      f.rollouts,
      f.steps,
      f.programs,
      f.failures,
      f.rubrics,
      f.libraries,
      f.labels,
      f.duplicates,
      f.error ? 'FAILED' : 'ok',
    ]);
    ctx.out(`${formatTable([header, ...rows])}\n`);
  },
});

export const failuresCommand = defineCommand({
  usage: 'rwb failures --rollout ID [--step N] [--db FILE] [--json]',
  summary: 'parsed failure events of a rollout (or of one step), with the program line each points at',
  options: { rollout: { type: 'string' }, step: { type: 'string' } },
  async run(ctx) {
    const rollout = ctx.values.rollout;
    if (!rollout) throw new UsageError('failures needs --rollout ID');
    const stepText = ctx.values.step;
    if (stepText !== undefined && !/^\d+$/.test(stepText)) throw new UsageError(`--step must be a step index, not "${stepText}"`);
    const step = stepText === undefined ? undefined : Number(stepText);
    const core = await ctx.core();
    // An unknown rollout is an error (not_found), not an empty list.
    await core.invoke('rollouts.get', { id: rollout });
    const events = await core.invoke('failures.list', { rollout });
    // An unknown step is an error too; a known one is headed by its command and exit, which answer a report's step reference even without a failure.
    const stepDetail = step === undefined ? null : await core.invoke('steps.get', { rollout, index: step });
    const shaped = events
      .filter((e) => step === undefined || e.step === step)
      .map((e) => ({
        step: e.step,
        kind: e.kind,
        exceptionClass: e.exceptionClass,
        message: e.message,
        frames: e.frames.map(({ file, line, function: fn }) => ({ file, line, function: fn })),
        program: e.program && e.programLine !== null ? `${e.program.path}:${e.programLine}` : null,
        category: e.category,
      }));
    if (ctx.json) return writeJson(ctx, shaped);
    const rows = shaped.map((e) => [
      e.step ?? 'grading',
      e.kind,
      e.exceptionClass ?? '',
      (e.message ?? '').split('\n')[0]!.slice(0, 80),
      e.program ?? '',
      e.category ?? '',
    ]);
    const head = stepDetail ? `step ${stepDetail.index} · exit ${stepDetail.exitCode ?? '—'} · ${stepDetail.command.split('\n')[0]}\n` : '';
    ctx.out(`${head}${formatTable([['step', 'kind', 'exception', 'message', 'program line', 'category'], ...rows])}\n`);
  },
});
