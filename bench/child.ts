/**
 * Runs one measured job in its own process, so its peak memory is its own:
 *
 *   node --import tsx bench/child.ts import  CORPUS BUNDLE OUT.json
 *   node --import tsx bench/child.ts ceiling SOURCE-CORPUS TARGET-CORPUS OUT.json
 *
 * Writes its measurement as JSON to OUT.json.
 */
import { closeSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { openCorpus } from '../workers/db/open-corpus';
import { importFile } from '../workers/import/import-file';
import { copyRowsTimed } from './ceiling';
import type { ImportMeasurement } from './types';

/**
 * Reads the file once, untimed, so the timed import reads it from the OS's page cache: on the
 * benchmark machine a gigabyte bundle read from disk (evicted between runs) took the import 10
 * to 16 s longer, a cost of the disk that the ceiling, which is not timed while it reads, does
 * not pay either. One reused buffer, so the process's own memory does not grow.
 */
function readThrough(path: string): void {
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  const fd = openSync(path, 'r');
  try {
    while (readSync(fd, buffer, 0, buffer.length, null) > 0);
  } finally {
    closeSync(fd);
  }
}

/** Peak resident set from /proc/self/status (Linux), in bytes. */
function vmHwmBytes(): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time of the calling thread alone, from /proc/thread-self/stat (Linux; utime and stime
 * in clock ticks of 1/100 s, USER_HZ on every Linux port Node runs on), or null.
 */
function threadCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === 'import') {
    const [corpus, bundle, out] = args as [string, string, string];
    readThrough(bundle);
    const db = openCorpus(corpus);
    const startRssBytes = process.memoryUsage().rss;
    const cpuStart = process.cpuUsage();
    const threadStart = threadCpuSeconds();
    const started = performance.now();
    const result = await importFile(db, bundle);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const threadEnd = threadCpuSeconds();
    db.close();
    const measurement: ImportMeasurement = {
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      mainThreadCpuSeconds: threadStart === null || threadEnd === null ? null : threadEnd - threadStart,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
      vmHwmBytes: vmHwmBytes(),
      startRssBytes,
      result,
    };
    writeFileSync(out, JSON.stringify(measurement));
  } else if (mode === 'ceiling') {
    const [source, targetPath, out] = args as [string, string, string];
    const copied = copyRowsTimed(source, targetPath);
    writeFileSync(out, JSON.stringify({ ...copied, peakRssBytes: process.resourceUsage().maxRSS * 1024 }));
  } else {
    throw new Error(`unknown mode "${mode}"`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});
