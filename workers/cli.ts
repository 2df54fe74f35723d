/**
 * `rwb`: the workbench's operations headless (README.md "The command line"). Every command takes `--db FILE`;
 * `--json` prints one JSON document on stdout and nothing else; errors go to stderr with a
 * non-zero exit (2 for a wrong call, 1 for a failed operation).
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { isApiErrorData } from '../common/errors';
import { UsageError } from './cli/cli-error';
import { commands, type CommandContext } from './cli/commands';
import { formatList } from './cli/import-command';
import { Core } from './core/core';
import { defaultCorpusPath, ensureSampleCorpus } from './core/sample-corpus';

function usage(): string {
  const lines = Object.values(commands).map((c) => `  ${c.usage.padEnd(64)} ${c.summary}`);
  return `usage: rwb <command> [options]\n\n${lines.join('\n')}\n\nWithout --db, commands use the sample corpus in the user's data folder. With --read-only, a command\nopens the corpus without writing (a corpus on a network filesystem, say) and any write is refused.\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) throw new UsageError(`unknown command "${name}"`);
  // `--format` with no value asks which formats there are.
  if (name === 'import' && rest.at(-1) === '--format') {
    process.stdout.write(formatList());
    return 0;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    strict: true,
    options: { db: { type: 'string' }, json: { type: 'boolean', default: false }, 'read-only': { type: 'boolean', default: false }, ...command.options },
  });
  const explicitDb = values.db;
  const dbPath = explicitDb ? resolve(explicitDb) : defaultCorpusPath();
  let core: Core | undefined;
  const ctx: CommandContext = {
    positionals,
    values,
    json: values.json === true,
    dbPath,
    seedSample: !explicitDb,
    readonly: values['read-only'] === true,
    async core() {
      if (!explicitDb) await ensureSampleCorpus(dbPath);
      core ??= new Core({ dbPath, shell: 'cli', readonly: ctx.readonly });
      return core;
    },
    out: (text) => process.stdout.write(text),
  };
  try {
    await command.run(ctx);
  } finally {
    if (name !== 'serve') core?.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode ??= code;
  },
  (err: unknown) => {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`rwb: ${(err as Error).message}\n\n${usage()}`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`rwb: ${isApiErrorData(err) || err instanceof Error ? (err as Error).message : String(err)}\n`);
      process.exitCode = 1;
    }
  },
);
