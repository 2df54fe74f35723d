/**
 * The looking-around commands agents run before writing code (`ls`, `head`, `wc -l`,
 * dtypes, `pip list`, `nvidia-smi`), with output derived from the task's facts so the
 * steps never contradict what the judge is shown.
 */
import type { TaskSpec } from './benchmarks';
import type { RolloutBuilder } from './rollout-builder';

const files = (spec: TaskSpec) => spec.record.facts?.files ?? [];

/** `ls` of the data folder (or the working directory for flat tasks). */
export function ls(b: RolloutBuilder): number {
  const names = files(b.spec)
    .map((f) => f.path)
    .sort();
  return b.sh(b.spec.dataDir ? `ls ${b.spec.dataDir}` : 'ls', { stdout: `${names.join('\n')}\n` });
}

/** `head -n` of a data file whose first lines are known. */
export function head(b: RolloutBuilder, file: string, n = 5): number {
  const text = b.spec.heads[file];
  if (text === undefined) throw new Error(`no head for ${file}`);
  const lines = text.split('\n').slice(0, n);
  return b.sh(`head -${n} ${b.spec.dataDir}${file}`, { stdout: `${lines.join('\n')}\n` });
}

/** `wc -l` over the CSV files, GNU-style right-aligned, with a total. */
export function wc(b: RolloutBuilder): number {
  const csv = files(b.spec).filter((f) => f.path.endsWith('.csv') && f.rows !== undefined);
  const counts = csv.map((f) => ({ n: (f.rows ?? 0) + 1, name: `${b.spec.dataDir}${f.path}` }));
  const total = counts.reduce((s, x) => s + x.n, 0);
  const rows = counts.length > 1 ? [...counts, { n: total, name: 'total' }] : counts;
  const width = String(total).length + 1;
  const stdout = rows.map((r) => `${String(r.n).padStart(width)} ${r.name}`).join('\n');
  return b.sh(`wc -l ${b.spec.dataDir}*.csv`, { stdout: `${stdout}\n` });
}

/** Prints shape and dtypes the way `print(df.dtypes)` lays them out. */
export function dtypes(b: RolloutBuilder, file: string): number {
  const fact = files(b.spec).find((f) => f.path === file);
  const columns = fact?.columns ?? [];
  const iw = Math.max(...columns.map((c) => c.name.length));
  const vw = Math.max(...columns.map((c) => c.dtype.length));
  const body = columns.map((c) => `${c.name.padEnd(iw)}    ${c.dtype.padStart(vw)}`).join('\n');
  const reader = file.endsWith('.json') ? 'read_json' : 'read_csv';
  const command = `python -c "import pandas as pd; df = pd.${reader}('${b.spec.dataDir}${file}'); print(df.shape); print(df.dtypes)"`;
  return b.sh(command, { stdout: `(${fact?.rows ?? 0}, ${columns.length})\n${body}\ndtype: object\n`, durationMs: 900 + columns.length * 35 });
}

/** `pip list | grep` for the given names, matching the task's installed packages. */
export function pipList(b: RolloutBuilder, names: string[]): number {
  const installed = (b.spec.record.facts?.packages ?? []).map((p) => p.split('=='));
  const hits = installed.filter(([name]) => names.some((n) => name?.toLowerCase() === n));
  const stdout = hits.map(([name, version]) => `${(name ?? '').padEnd(28)}${version ?? ''}`).join('\n');
  return b.sh(`pip list 2>/dev/null | grep -i -E "${names.join('|')}"`, {
    stdout: stdout ? `${stdout}\n` : '',
    exitCode: hits.length ? 0 : 1,
  });
}

/** GPU query of the A10G boxes the GPU tasks run on. */
export function nvidiaSmi(b: RolloutBuilder): number {
  return b.sh('nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv', {
    stdout: 'name, memory.total [MiB], memory.used [MiB]\nNVIDIA A10G, 23028 MiB, 1 MiB\n',
    durationMs: 210,
  });
}

/** A `pip install` in a sandbox without network: pip retries, then finds nothing. */
export function pipInstallOffline(b: RolloutBuilder, pkg: string): number {
  const retry = (left: number, addr: string) =>
    `WARNING: Retrying (Retry(total=${left}, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x${addr}>: Failed to establish a new connection: [Errno 101] Network is unreachable')': /simple/${pkg}/`;
  const addrs = ['7f3a2c1b2d10', '7f3a2c1b3150', '7f3a2c1b3410', '7f3a2c1b36d0', '7f3a2c1b3990'];
  const lines = addrs.map((a, i) => retry(4 - i, a));
  lines.push(`ERROR: Could not find a version that satisfies the requirement ${pkg} (from versions: none)`);
  lines.push(`ERROR: No matching distribution found for ${pkg}`);
  return b.sh(`pip install ${pkg}`, { stderr: `${lines.join('\n')}\n`, exitCode: 1, durationMs: 15800 });
}

/** `grep -n` over the current version of one of the agent's programs. */
export function grepN(b: RolloutBuilder, pattern: string, path: string): number {
  const hits = b
    .src(path)
    .split('\n')
    .flatMap((line, i) => (line.includes(pattern) ? [`${i + 1}:${line}`] : []));
  return b.sh(`grep -n "${pattern}" ${path}`, { stdout: hits.length ? `${hits.join('\n')}\n` : '', exitCode: hits.length ? 0 : 1 });
}

/** `free -g` on the 32 GiB CPU boxes. */
export function freeG(b: RolloutBuilder, used = 2): number {
  const row = (label: string, cells: number[]) => `${label.padEnd(7)}${cells.map((c) => String(c).padStart(12)).join('')}`;
  const head = `${''.padEnd(7)}${['total', 'used', 'free', 'shared', 'buff/cache', 'available'].map((h) => h.padStart(12)).join('')}`;
  return b.sh('free -g', {
    stdout: `${head}\n${row('Mem:', [31, used, 28 - used, 0, 3, 31 - used])}\n${row('Swap:', [0, 0, 0])}\n`,
  });
}
