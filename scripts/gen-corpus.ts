/**
 * Generates a large synthetic bundle (v1) for benchmarks, streamed to a file with
 * backpressure: one rollout's records are built, written and dropped before the next,
 * so memory stays bounded however many rollouts are asked for.
 *
 *   npx tsx scripts/gen-corpus.ts --rollouts N --steps-per-rollout M [--rubrics K] [--out FILE] [--seed S]
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BundleRecord } from '../common/corpus/bundle';
import { headerRecords, rolloutId, syntheticRollout, syntheticRubric } from './sample-corpus/synthetic';

/** What to generate. */
export interface GenOptions {
  rollouts: number;
  stepsPerRollout: number;
  rubrics: number;
  out: string;
  seed: number;
}

/** Counts of what was written. */
export interface GenSummary {
  rollouts: number;
  steps: number;
  programs: number;
  failures: number;
  rubrics: number;
  libraries: number;
  records: number;
  bytes: number;
}

const usage = 'usage: gen-corpus --rollouts N --steps-per-rollout M [--rubrics K (default 200)] [--out FILE (default gen-corpus.jsonl)] [--seed S (default 1)]';

/** Thrown for bad command-line arguments; the message is meant for the user. */
export class UsageError extends Error {}

const integer = (name: string, raw: string | undefined, min: number, fallback?: number): number => {
  if (raw === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
    throw new UsageError(`--${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return Number(raw);
};

/** Parses and validates the command line. */
export function parseGenArgs(argv: string[]): GenOptions {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        rollouts: { type: 'string' },
        'steps-per-rollout': { type: 'string' },
        rubrics: { type: 'string' },
        out: { type: 'string' },
        seed: { type: 'string' },
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.out === '') throw new UsageError('--out must name a file');
  return {
    rollouts: integer('rollouts', values.rollouts, 1),
    stepsPerRollout: integer('steps-per-rollout', values['steps-per-rollout'], 1),
    rubrics: integer('rubrics', values.rubrics, 0, 200),
    out: resolve(values.out ?? 'gen-corpus.jsonl'),
    seed: integer('seed', values.seed, 0, 1),
  };
}

/** Streams the corpus to `options.out` and resolves with what was written. */
export async function generateCorpus(options: GenOptions): Promise<GenSummary> {
  const stream = createWriteStream(options.out);
  // A write error rejects every pending wait below; the empty catch only marks it handled
  // in case it happens while nothing is waiting.
  const failed = new Promise<never>((_, reject) => stream.once('error', reject));
  failed.catch(() => undefined);
  const summary: GenSummary = { rollouts: 0, steps: 0, programs: 0, failures: 0, rubrics: 0, libraries: 0, records: 0, bytes: 0 };
  const emit = async (records: BundleRecord[]): Promise<void> => {
    let chunk = '';
    for (const r of records) {
      chunk += `${JSON.stringify(r)}\n`;
      summary.records++;
      if (r.type === 'rollout') summary.rollouts++;
      else if (r.type === 'step') summary.steps++;
      else if (r.type === 'program') summary.programs++;
      else if (r.type === 'failure') summary.failures++;
      else if (r.type === 'rubric') summary.rubrics++;
      else if (r.type === 'library') summary.libraries++;
    }
    summary.bytes += Buffer.byteLength(chunk);
    // Backpressure: wait for the file to drain before building the next batch.
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), failed]);
  };

  await emit(headerRecords());
  for (let i = 0; i < options.rollouts; i++) await emit(syntheticRollout(options.seed, i, options.stepsPerRollout));
  const ids: string[] = [];
  for (let k = 0; k < options.rubrics; k += 1000) {
    const batch = Array.from({ length: Math.min(1000, options.rubrics - k) }, (_, j) => syntheticRubric(options.seed, k + j, options.rollouts));
    ids.push(...batch.map((r) => r.id));
    await emit(batch);
  }
  await emit([
    {
      type: 'library',
      id: 'gen-whole-rollout',
      name: 'Synthetic whole-rollout',
      method: 'whole-rollout',
      builtAt: '2026-11-20',
      params: { seed: options.seed, rollouts: options.rollouts, from: rolloutId(0) },
      rubrics: ids,
    },
  ]);
  stream.end();
  await Promise.race([once(stream, 'finish'), failed]);
  return summary;
}

async function main(): Promise<void> {
  let options: GenOptions;
  try {
    options = parseGenArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`gen-corpus: ${err.message}\n${usage}\n`);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const s = await generateCorpus(options);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(
    `gen-corpus: ${s.rollouts} rollouts, ${s.steps} steps, ${s.programs} programs, ${s.failures} failures, ${s.rubrics} rubrics, ${s.libraries} library; ${s.records} records, ${s.bytes} bytes in ${seconds} s -> ${options.out}\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`gen-corpus: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
