/**
 * Reading a PTY to its very end. libuv reports end-of-file on a PTY master as soon as the
 * other side hangs up, even with output still buffered, so the last kilobytes a program
 * prints (often its score) can be lost. The program therefore runs under a small bash
 * wrapper that keeps the terminal open after the program ends: it prints an invisible OSC
 * marker with the exit code, waits for the worker to acknowledge (a newline on the PTY), and
 * only then exits. Everything before the marker has been read by then, in order.
 */

/**
 * The wrapper: `bash --norc -c WRAPPER rwb-attempt NONCE COMMAND`; the command runs as bash's
 * child, in the same process group. `--norc`: a bash that sees SSH_CLIENT (a workbench started
 * from an ssh session) would otherwise read ~/.bashrc for every attempt.
 */
export const wrapperScript = [
  '"${BASH:-/bin/bash}" --norc -c "$2"',
  'code=$?',
  `printf '\\033]6973;rwb-exit;%s;%d\\007' "$1" "$code"`,
  'IFS= read -r -t 10 _ || true',
  'exit "$code"',
].join('\n');

/** Splits a stream of PTY output into what the program wrote and the wrapper's exit marker. */
export class ExitMarkerScanner {
  private readonly prefix: string;
  private held = '';
  private done = false;

  constructor(nonce: string) {
    this.prefix = `\x1b]6973;rwb-exit;${nonce};`;
  }

  /**
   * Feeds a chunk; returns the program's output in it, and the exit code once the marker is
   * complete (what comes after the marker is the acknowledgement's echo, and is dropped).
   */
  push(chunk: string): { output: string; exitCode: number | null } {
    if (this.done) return { output: '', exitCode: null };
    const text = this.held + chunk;
    this.held = '';
    const at = text.indexOf(this.prefix);
    if (at >= 0) {
      const end = text.indexOf('\x07', at + this.prefix.length);
      if (end < 0) {
        this.held = text.slice(at);
        return { output: text.slice(0, at), exitCode: null };
      }
      this.done = true;
      const code = Number(text.slice(at + this.prefix.length, end));
      return { output: text.slice(0, at), exitCode: Number.isInteger(code) ? code : null };
    }
    // Hold back a tail that could be the start of the marker.
    const lastEsc = text.lastIndexOf('\x1b');
    if (lastEsc < 0 || lastEsc < text.length - this.prefix.length) return { output: text, exitCode: null };
    for (let keep = Math.min(this.prefix.length - 1, text.length); keep > 0; keep--) {
      if (this.prefix.startsWith(text.slice(text.length - keep))) {
        this.held = text.slice(text.length - keep);
        return { output: text.slice(0, text.length - keep), exitCode: null };
      }
    }
    return { output: text, exitCode: null };
  }

  /** Output held back when the stream ended without a marker. */
  rest(): string {
    const rest = this.done ? '' : this.held;
    this.held = '';
    return rest;
  }
}
