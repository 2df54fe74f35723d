import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CeilingResult } from './ceiling';
import { rowCounts, rowsDefinition, rowsWritten } from './corpus-rows';
import { median } from './median';
import { runChild } from './spawn-child';
import { target, type BenchContext, type Benchmark, type ImportedCorpus, type ImportMeasurement } from './types';

const MB = 1e6;

/** How many times the import and its ceiling are measured; the targets judge the median. */
const runs = 3;

/** One import and the ceiling measured right after it, on the rows it wrote. */
interface ImportRun {
  rows: number;
  rowsPerTable: Record<string, number>;
  import: ImportMeasurement;
  ceiling: CeilingResult & { peakRssBytes: number };
  /** Import rows/s over ceiling rows/s, by wall time. */
  ratio: number;
  /** Ceiling CPU seconds over import CPU seconds (every thread of each process). */
  cpuRatio: number;
  /**
   * Ceiling CPU seconds over the CPU seconds of the import's writing thread alone: what the
   * wall ratio comes to on two otherwise idle cores, when the reader thread keeps up.
   */
  writerCpuRatio: number | null;
}

/** The lowest and highest of the runs' figures, beside their median. */
const spread = (name: string, values: number[], unit: string) => [
  { name: `${name}, lowest of the runs`, value: Math.min(...values), unit },
  { name: `${name}, highest of the runs`, value: Math.max(...values), unit },
];

const removeCorpus = (path: string) => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
};

/**
 * Measures one import (the shared one for the first run, unless an earlier run made it; a
 * fresh one into its own corpus otherwise) and then the ceiling of exactly the rows it wrote,
 * each in a child process.
 */
async function measureRun(ctx: BenchContext, imported: ImportedCorpus, index: number): Promise<ImportRun> {
  const profileDir = ctx.profile ? join(ctx.resultsDir, 'profiles') : undefined;
  let corpusPath = imported.corpusPath;
  let measurement = imported.measurement;
  const fresh = index > 0 || imported.reused;
  if (fresh) {
    corpusPath = join(ctx.workDir, `import-${index}.db`);
    removeCorpus(corpusPath);
    ctx.log(`run ${index + 1} of ${runs}: importing the same bundle into a fresh corpus, in a child process`);
    measurement = await runChild<ImportMeasurement>('import', [corpusPath, imported.bundlePath], join(ctx.workDir, `import-${index}.json`), profileDir);
  }
  const db = new Database(corpusPath, { readonly: true });
  const written = rowsWritten(imported.rowsBefore, rowCounts(db));
  db.close();

  ctx.log(`run ${index + 1} of ${runs}: ceiling, re-inserting the ${written.total.toLocaleString('en-US')} rows the import wrote, in a child process`);
  const ceilingPath = join(ctx.workDir, 'ceiling.db');
  const ceiling = await runChild<CeilingResult & { peakRssBytes: number }>(
    'ceiling',
    [corpusPath, ceilingPath],
    join(ctx.workDir, `ceiling-${index}.json`),
    profileDir,
  );
  removeCorpus(ceilingPath);
  if (fresh) removeCorpus(corpusPath);
  if (ceiling.rows !== written.total) throw new Error(`the ceiling inserted ${ceiling.rows} rows but the import wrote ${written.total}`);
  return {
    rows: written.total,
    rowsPerTable: written.perTable,
    import: measurement,
    ceiling,
    ratio: written.total / measurement.seconds / (ceiling.rows / ceiling.seconds),
    cpuRatio: ceiling.cpuSeconds / measurement.cpuSeconds,
    writerCpuRatio: measurement.mainThreadCpuSeconds ? ceiling.cpuSeconds / measurement.mainThreadCpuSeconds : null,
  };
}

/**
 * Bundle import throughput against a raw ceiling measured in the same run, three times, and
 * the import's peak memory. Each import runs the real importFile in a child process on a
 * fresh corpus; each ceiling re-inserts exactly the rows the import wrote (read back from its
 * corpus) into another fresh corpus with prepared statements in one transaction, also in a
 * child process, right after that import, so both see the same load on the machine.
 */
export const importBench: Benchmark = {
  name: 'import',
  description: `bundle import rows/s vs raw prepared inserts of the same rows, median of ${runs} runs; peak RSS`,
  async run(ctx) {
    const imported = await ctx.importedCorpus();
    const measured: ImportRun[] = [];
    for (let i = 0; i < runs; i++) measured.push(await measureRun(ctx, imported, i));

    const ratio = median(measured.map((r) => r.ratio));
    const cpuRatio = median(measured.map((r) => r.cpuRatio));
    const writerRatios = measured.flatMap((r) => (r.writerCpuRatio === null ? [] : [r.writerCpuRatio]));
    const importSeconds = median(measured.map((r) => r.import.seconds));
    const ceilingSeconds = median(measured.map((r) => r.ceiling.seconds));
    const rows = measured[0]!.rows;
    const peaks = measured.map((r) => Math.max(r.import.peakRssBytes, r.import.vmHwmBytes ?? 0) / MB);
    const peak = Math.max(...peaks) * MB;
    const first = measured[0]!.import;
    return {
      metrics: [
        { name: 'bundle', value: imported.bundleBytes / MB, unit: 'MB' },
        { name: 'rollouts', value: imported.rollouts, unit: '' },
        { name: 'steps', value: imported.steps, unit: '' },
        { name: 'records in bundle', value: imported.records, unit: '' },
        { name: 'rows written (see note)', value: rows, unit: 'rows' },
        { name: 'import time (importFile), median', value: importSeconds, unit: 's' },
        { name: 'import throughput, median', value: rows / importSeconds, unit: 'rows/s' },
        { name: 'import throughput (records), median', value: imported.records / importSeconds, unit: 'records/s' },
        { name: 'import throughput (bytes), median', value: imported.bundleBytes / MB / importSeconds, unit: 'MB/s' },
        { name: 'ceiling time (inserts only), median', value: ceilingSeconds, unit: 's' },
        { name: 'ceiling throughput, median', value: rows / ceilingSeconds, unit: 'rows/s' },
        { name: 'import / ceiling, median of the runs', value: ratio, unit: 'x' },
        ...spread(
          'import / ceiling',
          measured.map((r) => r.ratio),
          'x',
        ),
        { name: 'import / ceiling by CPU time, median of the runs', value: cpuRatio, unit: 'x' },
        ...spread(
          'import / ceiling by CPU time',
          measured.map((r) => r.cpuRatio),
          'x',
        ),
        ...(writerRatios.length === runs
          ? [
              { name: "import / ceiling by the writer thread's CPU time, median", value: median(writerRatios), unit: 'x' },
              ...spread("import / ceiling by the writer thread's CPU time", writerRatios, 'x'),
            ]
          : []),
        { name: 'import peak RSS (largest of the runs)', value: peak / MB, unit: 'MB' },
        ...spread('import peak RSS', peaks, 'MB'),
        { name: 'import RSS before importing (first run)', value: first.startRssBytes / MB, unit: 'MB' },
        { name: 'ceiling peak RSS (largest of the runs)', value: Math.max(...measured.map((r) => r.ceiling.peakRssBytes)) / MB, unit: 'MB' },
      ],
      tables: [
        {
          title: 'each run (import, then its ceiling)',
          header: [
            'run',
            'import s',
            'import CPU s',
            'writer CPU s',
            'ceiling s',
            'ceiling CPU s',
            'import / ceiling',
            'by CPU',
            'by writer CPU',
            'import peak MB',
          ],
          rows: measured.map((r, i) => [
            String(i + 1),
            r.import.seconds.toFixed(1),
            r.import.cpuSeconds.toFixed(1),
            r.import.mainThreadCpuSeconds?.toFixed(1) ?? '',
            r.ceiling.seconds.toFixed(1),
            r.ceiling.cpuSeconds.toFixed(1),
            r.ratio.toFixed(3),
            r.cpuRatio.toFixed(3),
            r.writerCpuRatio?.toFixed(3) ?? '',
            (Math.max(r.import.peakRssBytes, r.import.vmHwmBytes ?? 0) / MB).toFixed(0),
          ]),
          numeric: [true, true, true, true, true, true, true, true, true, true],
        },
      ],
      targets: [target(`import throughput / ceiling, median of ${runs} runs`, ratio, '>=', 0.65, 'x'), target('import peak RSS', peak / MB, '<=', 400, 'MB')],
      notes: [
        rowsDefinition,
        'import time is the importFile call (read, validate, write, references, failure extraction, indexing, figures, commit); the ceiling times only BEGIN, the inserts and COMMIT',
        "before each import the bundle is read once, untimed, so the import reads it from the OS's page cache as the ceiling's reads are untimed: a bundle read from disk took 10 to 16 s longer",
        'the CPU-time ratio (ceiling CPU / import CPU, all threads) is less sensitive to other load on the machine than the wall-time ratio the target uses; an import that works on two threads spends more CPU than wall time',
        "the writer thread's CPU time is the importFile caller's alone (reading, parsing, validating, hashing and failure extraction of a large bundle run on a reader thread beside it): the ratio by it is what the wall ratio comes to on two idle cores while the reader keeps up",
        'MB = 10^6 bytes; peak RSS is the whole child process (Node, tsx loader, SQLite cache)',
      ],
      details: {
        runs: measured.map((r) => ({
          rows: r.rows,
          ratio: r.ratio,
          cpuRatio: r.cpuRatio,
          import: r.import,
          ceiling: { seconds: r.ceiling.seconds, cpuSeconds: r.ceiling.cpuSeconds, wallSeconds: r.ceiling.wallSeconds, perTable: r.ceiling.perTable },
        })),
        rowsPerTable: measured[0]!.rowsPerTable,
      },
    };
  },
};
