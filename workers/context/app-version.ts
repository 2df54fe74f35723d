import { readFileSync } from 'node:fs';

/** The package version, read once; the same source in every shell. */
export const appVersion: string = (() => {
  for (const rel of ['../../package.json', '../../../package.json']) {
    try {
      return (JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { version: string }).version;
    } catch {
      continue;
    }
  }
  return '0.0.0';
})();
