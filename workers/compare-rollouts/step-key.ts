/** What the alignment compares of a step: its command with the details that vary between runs set aside, and the program it ran. */

/**
 * A command as the alignment matches it: its first line (a heredoc that writes a program is
 * "write train.py" whatever the program says; the program's text is compared on its own),
 * spacing collapsed, and numbers and long hex strings (seeds, epochs, temporary names, hashes)
 * replaced, so `train.py --seed 1` and `--seed 2` sit on one row and the row says the commands differ.
 */
export function normaliseCommand(command: string): string {
  // Cut before trimming: a heredoc's command holds a whole program, and only its first line counts.
  const text = command.trimStart();
  const end = text.indexOf('\n');
  return (end === -1 ? text : text.slice(0, end))
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\b[0-9a-f]{8,}\b/gi, '<hex>')
    .replace(/\d+(\.\d+)?/g, '<n>');
}

/** Interns step keys (normalised command and program path) as small integers, shared by both sides of one comparison. */
export class StepKeys {
  private readonly ids = new Map<string, number>();

  /** The key of a step that ran `command` (its first line is enough) with the program at `programPath`. */
  keyOf(command: string, programPath: string | null): number {
    const text = `${normaliseCommand(command)}\u0000${programPath ?? ''}`;
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(text, id);
    }
    return id;
  }
}
