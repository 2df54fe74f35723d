import { once } from 'node:events';
import { resolve } from 'node:path';
import type { Core } from '../core/core';
import { exportRecords } from '../export/export-records';
import { UsageError } from './cli-error';
import { formatTable } from './format-table';
import { agreementCommand } from './agreement-command';
import { compareCommand } from './compare-command';
import { compareRolloutsCommand } from './compare-rollouts-command';
import { leaderboardCommand } from './leaderboard-command';
import { rerunCommand } from './rerun-command';
import { runCommand } from './run-command';
import { mixCommand } from './mix-command';
import { retrieveCommand } from './retrieve-command';
import { searchCommand } from './search-command';
import { auditOriginsCommand } from './audit-origins-command';
import { curateCommand } from './curate-command';
import { judgeCommand } from './judge-command';
import { mineCommand } from './mine-command';
import { precisionRecallCommand } from './precision-recall-command';
import { replayCommand } from './replay-command';
import { resumeCommand, runsCommand } from './runs-command';
import { labelsCommand } from './labels-command';
import { peopleCommand } from './people-command';
import { failuresCommand, importCommand } from './import-command';

/** One option as `parseArgs` takes it. */
export type OptionSpec = { type: 'string'; multiple?: boolean } | { type: 'boolean'; multiple?: boolean };
export type OptionSpecs = Record<string, OptionSpec>;

type ValueOf<S extends OptionSpec> = S extends { type: 'boolean' } ? Many<S, boolean> : Many<S, string>;
type Many<S extends OptionSpec, V> = S extends { multiple: true } ? V[] : V;

/** What strict `parseArgs` returns for these options: each typed by its spec, absent ones undefined. */
export type OptionValues<O extends OptionSpecs> = { [K in keyof O]?: ValueOf<O[K]> };

export interface CommandContext<O extends OptionSpecs = OptionSpecs> {
  positionals: string[];
  values: OptionValues<O>;
  json: boolean;
  dbPath: string;
  seedSample: boolean;
  /** `--read-only`: the corpus is opened without writing. */
  readonly: boolean;
  /** Opens the corpus; commands that run a server open it in the worker instead. */
  core(): Promise<Core>;
  out(text: string): void;
}

export interface Command<O extends OptionSpecs = OptionSpecs> {
  usage: string;
  summary: string;
  options: O;
  run(ctx: CommandContext<O>): Promise<void>;
}

/** A command whose `ctx.values` is typed by its own options (`rwb` parses exactly these). */
export function defineCommand<const O extends OptionSpecs>(command: Command<O>): Command<O> {
  return command;
}

function writeJson(ctx: CommandContext, value: unknown): void {
  ctx.out(`${JSON.stringify(value, null, 2)}\n`);
}

const stats = defineCommand({
  usage: 'rwb stats [--db FILE] [--json]',
  summary: 'corpus counts',
  options: {},
  async run(ctx) {
    const counts = await (await ctx.core()).invoke('corpus.stats', {});
    if (ctx.json) return writeJson(ctx, counts);
    ctx.out(`${formatTable(Object.entries(counts).map(([k, v]) => [k, v]))}\n`);
  },
});

const exportCmd = defineCommand({
  usage: 'rwb export [--out FILE] [--db FILE]',
  summary: 'write the whole corpus as bundle v1 (to stdout without --out)',
  options: { out: { type: 'string' } },
  async run(ctx) {
    const core = await ctx.core();
    const out = ctx.values.out;
    if (out) {
      const result = await core.invoke('export.bundle', { out: resolve(out) });
      if (result.renamedFrom) process.stderr.write(`${result.renamedFrom} already exists and was left alone; writing a new file instead\n`);
      process.stderr.write(`wrote ${result.records} records to ${result.path}\n`);
      return;
    }
    for (const record of exportRecords(core.db)) {
      if (!process.stdout.write(`${JSON.stringify(record)}\n`)) await once(process.stdout, 'drain');
    }
  },
});

const serve = defineCommand({
  usage: 'rwb serve [--db FILE] [--read-only] [--port N] [--max-upload-mb N] [--renderer DIR] [--public-url https://HOST]',
  summary: 'serve the workbench to a browser on 127.0.0.1 (behind a TLS proxy at --public-url); prints the URL with its token',
  options: { port: { type: 'string' }, 'max-upload-mb': { type: 'string' }, renderer: { type: 'string' }, 'public-url': { type: 'string' } },
  async run(ctx) {
    const portText = ctx.values.port ?? '0';
    const port = Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, not "${portText}"`);
    const uploadText = ctx.values['max-upload-mb'];
    const uploadMb = uploadText === undefined ? undefined : Number(uploadText);
    if (uploadMb !== undefined && !(Number.isFinite(uploadMb) && uploadMb > 0))
      throw new UsageError(`--max-upload-mb must be a positive number, not "${uploadText}"`);
    // Loaded for this command only: the server and its WebSocket library are a tenth of a
    // second of every other command's start, and tests start the CLI hundreds of times.
    const { startServer } = await import('../serve/server');
    const server = await startServer({
      dbPath: ctx.dbPath,
      port,
      seedSample: ctx.seedSample,
      readonly: ctx.readonly,
      maxUploadBytes: uploadMb === undefined ? undefined : Math.floor(uploadMb * 1024 * 1024),
      rendererDir: ctx.values.renderer,
      publicUrl: ctx.values['public-url'],
    });
    ctx.out(`Rubric Workbench serving ${ctx.dbPath}\n${server.url}\n`);
    if (server.publicLink) ctx.out(`through the proxy: ${server.publicLink}\n`);
    process.stderr.write(
      'Listening on 127.0.0.1 only. For a team: `rwb people add NAME` prints each person their own link; to reach this box, tunnel the port (ssh -L) or put a TLS reverse proxy in front and start with --public-url (README: "A team on one box").\n',
    );
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
});

export const commands: Record<string, Command> = {
  stats,
  import: importCommand,
  export: exportCmd,
  failures: failuresCommand,
  search: searchCommand,
  serve,
  leaderboard: leaderboardCommand,
  agreement: agreementCommand,
  compare: compareCommand,
  'compare-rollouts': compareRolloutsCommand,
  mix: mixCommand,
  retrieve: retrieveCommand,
  rerun: rerunCommand,
  run: runCommand,
  labels: labelsCommand,
  people: peopleCommand,
  mine: mineCommand,
  curate: curateCommand,
  judge: judgeCommand,
  'audit-origins': auditOriginsCommand,
  replay: replayCommand,
  runs: runsCommand,
  resume: resumeCommand,
  'precision-recall': precisionRecallCommand,
};
