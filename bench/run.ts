/**
 * Runs the benchmarks: `npm run bench` runs them all, `npm run bench -- import search` the
 * named ones. Prints a table per benchmark and a PASS/MISS line per target, and writes the
 * figures to bench/results/latest.json (gitignored).
 *
 *   npm run bench -- [NAME...] [--scale S | --rollouts N --steps M] [--corpus DIR] [--profile] [--keep] [--list]
 *
 * --scale   size of the generated corpus relative to the full 10,000 rollouts x 100 steps (default 1)
 * --rollouts, --steps  the generated corpus's shape instead (e.g. 100,000 rollouts x 10 steps: many
 *           rollouts stress the screens' reads, which scale with rollouts more than with steps)
 * --profile child processes (the import, the ceiling) write V8 CPU profiles to bench/results/profiles/
 * --keep    keep the temporary folder with the bundle and corpora
 * --corpus  generate and import the corpus into DIR once and reuse it in later runs (the reads,
 *           the load and search), since that takes minutes at full size; the import benchmark
 *           then reports the import measured when DIR was filled, so measure it without --corpus
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateCorpus, type GenSummary } from '../scripts/gen-corpus';
import { openCorpus } from '../workers/db/open-corpus';
import { rowCounts } from './corpus-rows';
import { compareRolloutsBench } from './compare-rollouts-bench';
import { corpusPaintBench } from './corpus-paint-bench';
import { importBench } from './import-bench';
import { loadBench } from './load-bench';
import { formatResult, formatSummary } from './report';
import { retrievalBench } from './retrieval-bench';
import { rolloutPaintBench } from './rollout-paint-bench';
import { runnersBench } from './runners-bench';
import { screensBench } from './screens-bench';
import { searchBench } from './search-bench';
import { serveHealthBench } from './serve-health-bench';
import { teamBench } from './team-bench';
import { projectRoot, runChild } from './spawn-child';
import type { BenchContext, BenchResult, Benchmark, ImportedCorpus, ImportMeasurement } from './types';

/** Every benchmark, in the order `npm run bench` runs them. Add new ones here. */
export const benchmarks: readonly Benchmark[] = [
  importBench,
  searchBench,
  screensBench,
  loadBench,
  teamBench,
  serveHealthBench,
  retrievalBench,
  rolloutPaintBench,
  corpusPaintBench,
  compareRolloutsBench,
  runnersBench,
];

/** Full size: 10,000 rollouts of 100 steps (1,000,000 steps). */
const fullRollouts = 10_000;
const fullStepsPerRollout = 100;

/** How many rollouts of how many steps the generated corpus has. */
interface CorpusShape {
  rollouts: number;
  stepsPerRollout: number;
}

const usage = `usage: npm run bench -- [NAME...] [--scale S | --rollouts N --steps M] [--corpus DIR] [--profile] [--keep] [--list]\nbenchmarks: ${benchmarks.map((b) => b.name).join(', ')}`;

/** Row counts of a freshly migrated corpus: what an import starts from. */
function emptyRowCounts(workDir: string): Record<string, number> {
  const path = join(workDir, 'empty.db');
  const empty = openCorpus(path);
  const counts = rowCounts(empty);
  empty.close();
  return counts;
}

/** What a --corpus folder keeps besides the bundle and the corpus: the generator's counts and the import's measurement. */
interface KeptCorpus {
  shape: CorpusShape;
  gen: GenSummary;
  measurement: ImportMeasurement;
}

/**
 * The corpus in `corpusDir` (or `workDir` without one), generated and imported unless a kept
 * one of the same scale is there already.
 */
function createContext(scale: number, shape: CorpusShape, profile: boolean, workDir: string, resultsDir: string, corpusDir: string | undefined): BenchContext {
  let imported: Promise<ImportedCorpus> | undefined;
  const log = (message: string) => console.error(`[bench] ${message}`);
  const ctx: BenchContext = {
    scale,
    workDir,
    resultsDir,
    profile,
    log,
    importedCorpus() {
      imported ??= (async () => {
        const dir = corpusDir ?? workDir;
        const bundlePath = join(dir, 'bundle.jsonl');
        const corpusPath = join(dir, 'imported.db');
        const keptPath = join(dir, 'kept.json');
        const rowsBefore = emptyRowCounts(workDir);
        const kept = corpusDir && existsSync(keptPath) ? (JSON.parse(readFileSync(keptPath, 'utf8')) as KeptCorpus) : undefined;
        const sameShape = kept?.shape?.rollouts === shape.rollouts && kept.shape.stepsPerRollout === shape.stepsPerRollout;
        if (kept && sameShape && existsSync(corpusPath)) {
          log(`reusing the corpus in ${dir} (imported in ${kept.measurement.seconds.toFixed(1)} s when it was made)`);
          const { rollouts, steps, records } = kept.gen;
          return {
            bundlePath,
            bundleBytes: statSync(bundlePath).size,
            rollouts,
            steps,
            records,
            corpusPath,
            rowsBefore,
            measurement: kept.measurement,
            reused: true,
          };
        }
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${corpusPath}${suffix}`, { force: true });
        const { rollouts, stepsPerRollout } = shape;
        log(`generating ${rollouts.toLocaleString('en-US')} rollouts x ${stepsPerRollout} steps -> ${bundlePath}`);
        const gen = await generateCorpus({ rollouts, stepsPerRollout, rubrics: 200, out: bundlePath, seed: 1 });
        log(`importing ${(gen.bytes / 1e6).toFixed(0)} MB (${gen.records.toLocaleString('en-US')} records) with importFile in a child process`);
        const measurement = await runChild<ImportMeasurement>(
          'import',
          [corpusPath, bundlePath],
          join(workDir, 'import-measurement.json'),
          profile ? join(resultsDir, 'profiles') : undefined,
        );
        log(`imported in ${measurement.seconds.toFixed(1)} s, peak RSS ${(measurement.peakRssBytes / 1e6).toFixed(0)} MB`);
        if (corpusDir) writeFileSync(keptPath, JSON.stringify({ shape, gen, measurement } satisfies KeptCorpus));
        return {
          bundlePath,
          bundleBytes: statSync(bundlePath).size,
          rollouts: gen.rollouts,
          steps: gen.steps,
          records: gen.records,
          corpusPath,
          rowsBefore,
          measurement,
          reused: false,
        };
      })();
      return imported;
    },
  };
  return ctx;
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: {
        scale: { type: 'string' },
        rollouts: { type: 'string' },
        steps: { type: 'string' },
        corpus: { type: 'string' },
        profile: { type: 'boolean' },
        keep: { type: 'boolean' },
        list: { type: 'boolean' },
      },
    });
  } catch (err) {
    console.error(`bench: ${(err as Error).message}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.list) {
    for (const b of benchmarks) console.log(`${b.name.padEnd(10)} ${b.description}`);
    return 0;
  }
  const scale = values.scale === undefined ? 1 : Number(values.scale);
  if (!(scale > 0 && scale <= 10)) {
    console.error(`bench: --scale must be a number in (0, 10], got "${values.scale}"\n${usage}`);
    return 2;
  }
  const shapeGiven = values.rollouts !== undefined || values.steps !== undefined;
  const count = (raw: string | undefined) => (raw !== undefined && /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : undefined);
  const rollouts = count(values.rollouts);
  const steps = count(values.steps);
  if (shapeGiven && (values.scale !== undefined || rollouts === undefined || steps === undefined)) {
    console.error(`bench: --rollouts and --steps go together, as whole numbers from 1 to 9,999,999, and without --scale\n${usage}`);
    return 2;
  }
  const shape: CorpusShape =
    rollouts !== undefined && steps !== undefined
      ? { rollouts, stepsPerRollout: steps }
      : { rollouts: Math.max(1, Math.round(fullRollouts * scale)), stepsPerRollout: fullStepsPerRollout };
  const unknown = positionals.filter((name) => !benchmarks.some((b) => b.name === name));
  if (unknown.length) {
    console.error(`bench: unknown benchmark ${unknown.map((n) => `"${n}"`).join(', ')}\n${usage}`);
    return 2;
  }
  const selected = positionals.length ? benchmarks.filter((b) => positionals.includes(b.name)) : benchmarks;

  const resultsDir = join(projectRoot, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const workDir = mkdtempSync(join(tmpdir(), 'rwb-bench-'));
  if (values.corpus) mkdirSync(values.corpus, { recursive: true });
  const ctx = createContext(scale, shape, values.profile ?? false, workDir, resultsDir, values.corpus);
  const results: BenchResult[] = [];
  const started = new Date();
  try {
    for (const bench of selected) {
      ctx.log(`running ${bench.name}`);
      const t0 = performance.now();
      const outcome = await bench.run(ctx);
      const result: BenchResult = { name: bench.name, description: bench.description, seconds: (performance.now() - t0) / 1000, ...outcome };
      results.push(result);
      console.log(`\n${formatResult(result)}`);
    }
  } finally {
    if (values.keep) ctx.log(`kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
  console.log(`\n${formatSummary(results)}`);

  const document = {
    startedAt: started.toISOString(),
    command: `npm run bench --${process.argv
      .slice(2)
      .map((a) => ` ${a}`)
      .join('')}`,
    scale,
    shape,
    machine: {
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      memoryBytes: totalmem(),
    },
    results,
  };
  const json = `${JSON.stringify(document, null, 2)}\n`;
  const latest = join(resultsDir, 'latest.json');
  writeFileSync(latest, json);
  writeFileSync(join(resultsDir, `${started.toISOString().replaceAll(':', '-')}.json`), json);
  console.log(`\nresults: ${latest}`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exitCode = 1;
  },
);
