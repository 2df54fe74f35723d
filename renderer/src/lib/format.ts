/** Number and duration formatting shared by the screens. */

const integer = new Intl.NumberFormat('en-US');

/** A count with thousands separators: `12,345`. */
export function formatCount(n: number): string {
  return integer.format(n);
}

/** A duration in the largest unit that keeps it readable: `850 ms`, `2.3 s`, `4.2 min`, `1 h 5 min`. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  // Switch units where rounding would otherwise print "60 s" or "60 min".
  if (s < 59.5) return `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;
  const min = s / 60;
  if (min < 59.5) return `${min < 10 ? min.toFixed(1) : Math.round(min)} min`;
  const h = Math.floor(min / 60);
  return `${h} h ${Math.round(min - h * 60)} min`;
}

/** A score with up to four significant decimals, or a dash when there is none. */
export function formatScore(score: number | null): string {
  if (score === null || !Number.isFinite(score)) return '—';
  if (Number.isInteger(score)) return String(score);
  return String(Number(score.toPrecision(4)));
}

/** A byte size: `812 B`, `4.1 KB`, `2.3 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
