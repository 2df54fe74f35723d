import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from './cli-error';
import { defineCommand } from './commands';

/**
 * `rwb replay`: re-executes a finished pipeline run from the ledger alone (no network, no
 * writes) and compares what it rebuilds with what the run stored; exit 1 when they differ.
 */
export const replayCommand = defineCommand({
  usage: 'rwb replay --run ID [--out FILE] [--db FILE] [--json]',
  summary: 'replay a pipeline run from the request ledger, offline, and check it rebuilds the same library or verdicts',
  options: { run: { type: 'string' }, out: { type: 'string' } },
  async run(ctx) {
    const run = ctx.values.run;
    if (!run) throw new UsageError('replay needs --run ID (see rwb runs)');
    const report = await (await ctx.core()).invoke('pipeline.replay', { run });
    const out = ctx.values.out;
    if (out) writeFileSync(resolve(out), report.lines.map((line) => `${line}\n`).join(''));
    if (!report.identical) process.exitCode = 1;
    if (ctx.json) return ctx.out(`${JSON.stringify({ ...report, lines: undefined }, null, 2)}\n`);
    const what = report.library ? `library ${report.library}` : 'verdicts';
    const lines = [
      `run ${run}: ${report.requests} answers from the ledger; ${what}, ${report.records} records: ${report.identical ? 'identical' : 'DIFFERENT'}`,
    ];
    for (const d of report.differences) lines.push(`  ${d.key}:\n    stored   ${d.stored ?? '(none)'}\n    replayed ${d.replayed ?? '(none)'}`);
    if (out) lines.push(`wrote the replayed ${what} to ${resolve(out)}`);
    ctx.out(`${lines.join('\n')}\n`);
  },
});
