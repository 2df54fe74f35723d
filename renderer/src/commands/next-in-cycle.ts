/**
 * The value after `current` in `values`, wrapping round; the first when `current` is not
 * among them; null when there is nothing to move to.
 */
export function nextInCycle<T>(values: readonly T[], current: T | null): T | null {
  if (values.length === 0) return null;
  const at = current === null ? -1 : values.indexOf(current);
  const next = values[(at + 1) % values.length]!;
  return next === current ? null : next;
}
