/**
 * True when the module at `moduleUrl` (its `import.meta.url`) is a TypeScript source run
 * through tsx rather than a built file. Read from the URL's path: tsx's loader may add a
 * query string to the URL, after the `.ts`.
 */
export function isTypeScriptSource(moduleUrl: string): boolean {
  return new URL(moduleUrl).pathname.endsWith('.ts');
}
