/** Number formats of mixes and allocations. */

/** A share in [0, 1] as a percentage with one decimal: `12.8%`. */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** An exact (fractional) slot count with two decimals, so the rounding the allocation did is visible. */
export function formatExact(exact: number): string {
  return exact.toFixed(2);
}
