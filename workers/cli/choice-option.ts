import { UsageError } from './cli-error';

/** An option that takes one of a fixed set of words: the word, undefined when absent, or a usage error naming the choices. */
export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], option: string): T | undefined {
  if (value === undefined) return undefined;
  const chosen = allowed.find((word) => word === value);
  if (chosen === undefined) throw new UsageError(`--${option} must be ${allowed.join(' or ')}, not "${value}"`);
  return chosen;
}
