/** The middle value of an odd count, the mean of the two middle values of an even one. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('the median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
