/**
 * What a shell command line says about the meaning of its exit status.
 */

/**
 * True when the command's exit status may hide a failed Python process: an
 * unquoted pipe without `pipefail` (`python train.py 2>&1 | tail -50`, whose
 * status is `tail`'s) or `||` (`python train.py || true`). Sequences (`;`,
 * newlines) are not counted: they report the last command's status, and the
 * last command is usually the one whose output ends the capture. Quotes,
 * backslash escapes and here-document bodies (agents feed Python through
 * `python - <<'EOF'`, whose `|` are Python operators) are skipped.
 */
export function exitStatusMayBeMasked(command: string): boolean {
  // Only a `|` can mask the status; most commands (here-documents holding whole programs included) have none.
  if (!command.includes('|')) return false;
  const pipefail = command.includes('pipefail');
  let quote: '"' | "'" | null = null;
  const pendingHeredocs: string[] = [];
  for (let at = 0; at < command.length; at++) {
    const ch = command[at];
    if (quote === "'") {
      if (ch === "'") quote = null;
    } else if (ch === '\\') {
      at++;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === '\n' && pendingHeredocs.length > 0) {
      at = skipHeredocBodies(command, at + 1, pendingHeredocs) - 1;
      pendingHeredocs.length = 0;
    } else if (ch === '<' && command[at + 1] === '<' && command[at + 2] !== '<') {
      // A delimiter starts with a letter, which keeps shifts such as `$((1 << 3))` out.
      const heredoc = /^<<-?\s*(['"]?)([A-Za-z_][\w.-]*)\1/.exec(command.slice(at, at + 256));
      if (heredoc?.[2]) {
        pendingHeredocs.push(heredoc[2]);
        at += heredoc[0].length - 1;
      }
    } else if (ch === '|') {
      if (command[at + 1] === '|' || !pipefail) return true;
    }
  }
  return false;
}

/** Index just after the here-document bodies that start at `from`, each ending at a line equal to its delimiter. */
function skipHeredocBodies(command: string, from: number, delimiters: readonly string[]): number {
  let at = from;
  for (const delimiter of delimiters) {
    for (;;) {
      const newline = command.indexOf('\n', at);
      const lineEnd = newline === -1 ? command.length : newline;
      const done = command.slice(at, lineEnd).trim() === delimiter;
      at = lineEnd + 1;
      if (done || newline === -1) break;
    }
  }
  return Math.min(at, command.length);
}
