import { scrubSecrets } from './child-env';

/**
 * Scrubs secrets from a stream of output chunks, the live terminal's as well as the stored
 * log's: a secret printed across two chunks is still replaced whole, because the end of a
 * chunk that could be the start of a secret is held back until the next chunk (or the end)
 * says whether it is.
 */
export class SecretScrubber {
  private held = '';

  constructor(private readonly secrets: readonly string[]) {}

  /** The part of the stream so far that is safe to show, scrubbed. */
  push(chunk: string): string {
    const text = scrubSecrets(this.held + chunk, this.secrets);
    const keep = this.possibleStart(text);
    this.held = text.slice(text.length - keep);
    return text.slice(0, text.length - keep);
  }

  /** What was held back, once the stream has ended. */
  end(): string {
    const rest = this.held;
    this.held = '';
    return rest;
  }

  /** The length of the longest end of `text` that begins some secret without completing it. */
  private possibleStart(text: string): number {
    let longest = 0;
    for (const secret of this.secrets) {
      const from = Math.max(0, text.length - secret.length + 1);
      for (let i = text.indexOf(secret[0]!, from); i >= 0 && text.length - i > longest; i = text.indexOf(secret[0]!, i + 1)) {
        if (secret.startsWith(text.slice(i))) longest = text.length - i;
      }
    }
    return longest;
  }
}
