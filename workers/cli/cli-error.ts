/** A mistake in how the command was called: printed with the usage hint, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
