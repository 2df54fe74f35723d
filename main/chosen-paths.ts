/**
 * The files the user chose in this session (docs/architecture.md; issue 18): in the desktop app an
 * operation that reads or writes a filesystem path may only name one of them, so a page that
 * went wrong cannot import `/etc/shadow` or export over `~/.bashrc`. Files reach this set
 * only from a File object the user picked in the open dialog or dropped on the window (the
 * preload reads its path with `webUtils.getPathForFile`, which has none for a File made in
 * the page). The CLI and the core keep full paths; serve mode has its own rule.
 */
import { isAbsolute, resolve } from 'node:path';
import type { OperationName, ParsedRequestOf } from '../common/contract';
import { ApiError } from '../common/errors';

/** The paths each operation's request names, by field; operations that name none are absent. */
const pathFields: { [K in OperationName]?: (request: ParsedRequestOf<K>) => { field: string; path: string }[] } = {
  'import.files': (r) => r.paths.map((path, i) => ({ field: `paths.${i}`, path })),
  'labels.import': (r) => r.paths.map((path, i) => ({ field: `paths.${i}`, path })),
  'leaderboards.attach': (r) => [{ field: 'path', path: r.path }],
  'export.bundle': (r) => [{ field: 'out', path: r.out }],
  'labels.export': (r) => (r.out === undefined ? [] : [{ field: 'out', path: r.out }]),
};

export class ChosenPaths {
  private readonly paths = new Set<string>();

  /** Records a file the user chose; anything but an absolute path is ignored. */
  add(path: unknown): void {
    if (typeof path === 'string' && path !== '' && isAbsolute(path)) this.paths.add(resolve(path));
  }

  has(path: string): boolean {
    return isAbsolute(path) && this.paths.has(resolve(path));
  }

  /** Throws `invalid_request` naming the field when a validated request names a path the user did not choose. */
  check<K extends OperationName>(op: K, request: ParsedRequestOf<K>): void {
    const fields = pathFields[op] as ((r: ParsedRequestOf<K>) => { field: string; path: string }[]) | undefined;
    for (const { field, path } of fields?.(request) ?? []) {
      if (!this.has(path)) {
        throw new ApiError('invalid_request', `${op}: ${field} "${path}" was not chosen in a file dialog in this session; pick the file in the app instead`, {
          issues: [{ field, message: 'not a file chosen in this session' }],
        });
      }
    }
  }
}
