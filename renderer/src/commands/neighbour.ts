/**
 * The item `by` places from the one at `at` in `values`, stopping at either end (lists the keys
 * step through do not wrap, unlike the choices `nextInCycle` cycles); the first when `at` is -1
 * (nothing chosen), undefined when `values` is empty.
 */
export function neighbour<T>(values: readonly T[], at: number, by: number): T | undefined {
  if (values.length === 0) return undefined;
  return values[at === -1 ? 0 : Math.min(values.length - 1, Math.max(0, at + by))];
}
