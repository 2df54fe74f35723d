/**
 * Writes the bundled sample corpus (bundle v1) to fixtures/sample/sample-corpus.jsonl,
 * validating every record with the bundle schema first; nothing is written if any
 * record is invalid. Usage: `npx tsx scripts/sample-corpus/write.ts [--out FILE]`.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleRecord } from '../../common/corpus/bundle';
import { buildSampleCorpus } from './corpus';

/** Default location of the committed fixture, relative to the repository root. */
const defaultOut = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/sample/sample-corpus.jsonl');

/** Renders the corpus as JSON Lines after validating each record; throws on the first invalid one. */
export function renderSampleCorpus(): string {
  const records = buildSampleCorpus();
  records.forEach((record, i) => {
    const parsed = bundleRecord.safeParse(record);
    if (!parsed.success) throw new Error(`record ${i + 1} (${record.type}) is invalid: ${parsed.error.message}`);
  });
  return `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
}

function main(argv: string[]): void {
  const at = argv.indexOf('--out');
  const out = at >= 0 ? argv[at + 1] : defaultOut;
  if (!out) throw new Error('--out needs a file name');
  const text = renderSampleCorpus();
  writeFileSync(out, text);
  process.stderr.write(`wrote ${text.split('\n').length - 1} records (${Buffer.byteLength(text)} bytes) to ${out}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
