/**
 * Where an export with an explicit `out` goes (issue 18 item 3): an absolute path as given,
 * a relative one inside the corpus's exports folder (never the server's working folder, never
 * outside the folder), and never over an existing file: the first free name `<stem>-2<ext>`,
 * `<stem>-3<ext>`... is claimed by an exclusive create and reported.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { ApiError } from '../../common/errors';

/** How many suffixed names are tried before giving up. */
const maxSuffix = 100;

/** `out` as an absolute path: a relative one lands in `folder` (the corpus's exports folder) and must stay inside it. */
export function resolveExportOut(folder: string, out: string, operation: string): string {
  refuseControlCharacters(out, operation);
  if (isAbsolute(out)) return out;
  const path = resolve(folder, out);
  const inside = relative(folder, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    throw new ApiError('invalid_request', `${operation}: out: a relative path names a file inside the exports folder ${folder}; "${out}" leaves it`);
  ensureFolder(dirname(path), operation);
  return path;
}

/** A line break or control character in a file name breaks every log, listing and download header that shows it. */
function refuseControlCharacters(path: string, operation: string): void {
  if (/[\p{Cc}\u2028\u2029]/u.test(path))
    throw new ApiError('invalid_request', `${operation}: out: a file name cannot hold a line break or other control character; choose another name`);
}

/** Creates `folder` (and its parents) if missing, as a typed error when it cannot. */
export function ensureFolder(folder: string, operation: string): void {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (err) {
    throw new ApiError('invalid_request', `${operation}: cannot create the folder ${folder} (${codeOf(err)})`);
  }
}

/** "x.jsonl.gz" → ["x", ".jsonl.gz"]; "x.csv" → ["x", ".csv"]; "x" → ["x", ""]; any name matches. */
function splitName(name: string): [string, string] {
  const match = /^(.*?)((?:\.[A-Za-z0-9]{1,8})?(?:\.gz)?)$/s.exec(name)!;
  return [match[1]!, match[2]!];
}

/**
 * Creates an empty file at `path`, or at the first free suffixed name beside it when `path`
 * exists. The exclusive create means no file, whoever wrote it, is ever replaced. Returns the
 * claimed path; the caller fills it or removes it.
 */
export function claimNewPath(path: string, operation: string): string {
  refuseControlCharacters(path, operation);
  const folder = dirname(path);
  const [stem, ext] = splitName(basename(path));
  for (let n = 1; n <= maxSuffix; n++) {
    const candidate = n === 1 ? path : join(folder, `${stem}-${n}${ext}`);
    try {
      closeSync(openSync(candidate, 'wx'));
      return candidate;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new ApiError('invalid_request', `${operation}: cannot write ${candidate} (${codeOf(err)})`);
    }
  }
  throw new ApiError('invalid_request', `${operation}: ${path} and ${maxSuffix - 1} suffixed names beside it already exist`);
}

/** Writes `text` to a newly claimed file (see `claimNewPath`) through a temporary file, so no reader sees half of it. */
export function writeClaimed(path: string, text: string, operation: string): string {
  const claimed = claimNewPath(path, operation);
  const temporary = `${claimed}.partial-${process.pid}`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, claimed);
  } catch (err) {
    rmSync(temporary, { force: true });
    rmSync(claimed, { force: true });
    throw new ApiError('invalid_request', `${operation}: cannot write ${claimed} (${codeOf(err)})`);
  }
  return claimed;
}

function codeOf(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? (err as Error).message;
}
