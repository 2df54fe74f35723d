/**
 * Removal of terminal escape sequences from captured command output.
 *
 * Agents run commands under PTYs or with FORCE_COLOR set, so tracebacks arrive
 * coloured (Python 3.13's own colours, rich, IPython, pytest). Parsing works on
 * the visible text only.
 */

/*
 * One alternation per escape family, each anchored on its introducer so the
 * scan stays linear: CSI (`ESC [ params final`, also the one-byte C1 form 0x9b),
 * OSC (`ESC ] ... BEL` or `ESC ] ... ESC \`, e.g. hyperlinks and window titles),
 * charset selection (`ESC ( B`), and the remaining two-byte escapes. An
 * unterminated OSC falls through to the two-byte rule, which drops just `ESC ]`.
 */
// eslint-disable-next-line no-control-regex -- escape sequences are control characters by definition
const ANSI_PATTERN = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()*+][0-9A-Za-z]|[@-Z\\-_])|\x9b[0-?]*[ -/]*[@-~]/g;

/**
 * Returns `text` without ANSI/VT escape sequences (colours, cursor movement,
 * OSC hyperlinks). Text without an escape character is returned unchanged
 * without running the pattern.
 */
export function stripAnsi(text: string): string {
  if (!text.includes('\x1b') && !text.includes('\x9b')) return text;
  return text.replace(ANSI_PATTERN, '');
}
