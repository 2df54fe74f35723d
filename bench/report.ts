import type { BenchResult, Target } from './types';

/** A number as people read it: thousands separated, sensible decimals. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Left-aligned text columns, right-aligned numbers. */
export function table(header: string[], rows: string[][], numeric: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const cell = (text: string, i: number) => (numeric[i] ? text.padStart(widths[i]!) : text.padEnd(widths[i]!));
  const line = (cells: string[]) => `  ${cells.map(cell).join('  ')}`.trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function targetRow(t: Target): string[] {
  return [t.pass ? 'PASS' : 'MISS', t.name, `${formatNumber(t.measured)} ${t.unit}`.trim(), `${t.op} ${formatNumber(t.limit)} ${t.unit}`.trim()];
}

/** The human-readable report of one benchmark. */
export function formatResult(result: BenchResult): string {
  const parts = [`== ${result.name}: ${result.description} (${formatNumber(result.seconds)} s) ==`];
  parts.push(
    table(
      ['metric', 'value', 'unit'],
      result.metrics.map((m) => [m.name, formatNumber(m.value), m.unit]),
      [false, true, false],
    ),
  );
  for (const extra of result.tables ?? []) parts.push('', `  ${extra.title}`, table(extra.header, extra.rows, extra.numeric));
  if (result.targets.length) {
    parts.push('');
    parts.push(table(['', 'target', 'measured', 'wanted'], result.targets.map(targetRow), [false, false, true, false]));
  }
  for (const note of result.notes) parts.push(`  note: ${note}`);
  return parts.join('\n');
}

/** One line per target across every benchmark of the run. */
export function formatSummary(results: BenchResult[]): string {
  const rows = results.flatMap((r) => r.targets.map((t) => [r.name, ...targetRow(t)]));
  if (rows.length === 0) return '';
  const reordered = rows.map(([bench, verdict, ...rest]) => [verdict!, bench!, ...rest]);
  return `== targets ==\n${table(['', 'bench', 'target', 'measured', 'wanted'], reordered, [false, false, false, true, false])}`;
}
