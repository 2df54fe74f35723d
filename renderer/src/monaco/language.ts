/** Which Monaco language a program's path gets; only Python is bundled, the rest is plain text. */

/** `python` for Python sources, `plaintext` for anything else (no other grammar is shipped). */
export function languageFor(path: string): 'python' | 'plaintext' {
  return /\.(py|pyw|pyi)$/i.test(path) ? 'python' : 'plaintext';
}
