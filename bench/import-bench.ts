import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CeilingResult } from './ceiling';
import { rowCounts, rowsDefinition, rowsWritten } from './corpus-rows';
import { runChild } from './spawn-child';
import { target, type Benchmark } from './types';

const MB = 1e6;

/**
 * Bundle import throughput against a raw ceiling measured in the same run, and the import's
 * peak memory. The import runs the real importFile in a child process on a fresh corpus; the
 * ceiling re-inserts exactly the rows the import wrote (read back from its corpus) into another
 * fresh corpus with prepared statements in one transaction, also in a child process.
 */
export const importBench: Benchmark = {
  name: 'import',
  description: 'bundle import rows/s vs raw prepared inserts of the same rows; peak RSS',
  async run(ctx) {
    const imported = await ctx.importedCorpus();
    const m = imported.measurement;

    const db = new Database(imported.corpusPath, { readonly: true });
    const written = rowsWritten(imported.rowsBefore, rowCounts(db));
    db.close();

    ctx.log(`ceiling: re-inserting the ${written.total.toLocaleString('en-US')} rows the import wrote, in a child process`);
    const ceilingPath = join(ctx.workDir, 'ceiling.db');
    const ceiling = await runChild<CeilingResult & { peakRssBytes: number }>(
      'ceiling',
      [imported.corpusPath, ceilingPath],
      join(ctx.workDir, 'ceiling-measurement.json'),
      ctx.profile ? join(ctx.resultsDir, 'profiles') : undefined,
    );
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${ceilingPath}${suffix}`, { force: true });
    if (ceiling.rows !== written.total) {
      throw new Error(`the ceiling inserted ${ceiling.rows} rows but the import wrote ${written.total}`);
    }

    const importRate = written.total / m.seconds;
    const ceilingRate = ceiling.rows / ceiling.seconds;
    const ratio = importRate / ceilingRate;
    const peak = Math.max(m.peakRssBytes, m.vmHwmBytes ?? 0);
    return {
      metrics: [
        { name: 'bundle', value: imported.bundleBytes / MB, unit: 'MB' },
        { name: 'rollouts', value: imported.rollouts, unit: '' },
        { name: 'steps', value: imported.steps, unit: '' },
        { name: 'records in bundle', value: imported.records, unit: '' },
        { name: 'rows written (see note)', value: written.total, unit: 'rows' },
        { name: 'import time (importFile)', value: m.seconds, unit: 's' },
        { name: 'import throughput', value: importRate, unit: 'rows/s' },
        { name: 'import throughput (records)', value: imported.records / m.seconds, unit: 'records/s' },
        { name: 'import throughput (bytes)', value: imported.bundleBytes / MB / m.seconds, unit: 'MB/s' },
        { name: 'ceiling time (inserts only)', value: ceiling.seconds, unit: 's' },
        { name: 'ceiling throughput', value: ceilingRate, unit: 'rows/s' },
        { name: 'import / ceiling', value: ratio, unit: 'x' },
        { name: 'import CPU time', value: m.cpuSeconds, unit: 's' },
        { name: 'ceiling CPU time', value: ceiling.cpuSeconds, unit: 's' },
        { name: 'import / ceiling, by CPU time', value: ceiling.cpuSeconds / m.cpuSeconds, unit: 'x' },
        { name: 'import peak RSS (maxRSS)', value: m.peakRssBytes / MB, unit: 'MB' },
        ...(m.vmHwmBytes === null ? [] : [{ name: 'import peak RSS (VmHWM)', value: m.vmHwmBytes / MB, unit: 'MB' }]),
        { name: 'import RSS before importing', value: m.startRssBytes / MB, unit: 'MB' },
        { name: 'ceiling peak RSS', value: ceiling.peakRssBytes / MB, unit: 'MB' },
      ],
      targets: [target('import throughput / ceiling', ratio, '>=', 0.5, 'x'), target('import peak RSS', peak / MB, '<=', 500, 'MB')],
      notes: [
        rowsDefinition,
        'import time is the importFile call (read, validate, write, references, failure extraction, indexing, commit); the ceiling times only BEGIN, the inserts and COMMIT',
        'the CPU-time ratio (ceiling CPU / import CPU, all threads) is less sensitive to other load on the machine than the wall-time ratio the target uses',
        'MB = 10^6 bytes; peak RSS is the whole child process (Node, tsx loader, SQLite cache)',
      ],
      details: { rowsPerTable: written.perTable, ceilingPerTable: ceiling.perTable, ceilingWallSeconds: ceiling.wallSeconds, importResult: m.result },
    };
  },
};
