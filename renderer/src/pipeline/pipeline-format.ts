/** Dollar amounts of the Pipeline screen: cents for most, more digits for tiny per-request costs. */
export function formatUsd(usd: number | null): string {
  if (usd === null || !Number.isFinite(usd)) return '—';
  if (usd === 0) return '$0';
  if (Math.abs(usd) < 0.01) return `$${usd.toPrecision(2)}`;
  return `$${usd.toFixed(2)}`;
}

/** A UTC timestamp as `2026-11-29 15:32`. */
export function formatWhen(iso: string | null): string {
  if (iso === null) return '—';
  return iso.replace('T', ' ').slice(0, 16);
}
