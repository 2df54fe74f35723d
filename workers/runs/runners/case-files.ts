import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { relativePathProblem } from '../../../common/runs/run-requests';
import { ApiError } from '../../../common/errors';
import type { CaseFile } from './runner';

/** The folder inside every attempt folder that the workbench keeps for itself (wrappers, exit code, grader output). */
export const metaDir = '.rwb';

/** `path` resolved inside `root`, or a typed error naming the path (a hostile path never leaves the folder). */
export function insideFolder(root: string, path: string, what: string): string {
  const problem = relativePathProblem(path);
  if (problem) throw new ApiError('invalid_request', `${what} "${path}" ${problem}`);
  const full = resolve(root, path);
  const rel = relative(root, full);
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..') throw new ApiError('invalid_request', `${what} "${path}" is not inside the working folder`);
  return full;
}

/** Writes the case's files at their paths in `dir` (created if needed), plus the `.rwb` folder. */
export function writeCaseFiles(dir: string, files: readonly CaseFile[]): void {
  mkdirSync(join(dir, metaDir), { recursive: true });
  for (const file of files) {
    const full = insideFolder(dir, file.path, 'program path');
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, file.content);
  }
}

/**
 * Makes each top-level entry of the data folder appear in the working folder as a symbolic
 * link (a program reads `train.csv` where the task had it). The case's own files win over a
 * data entry of the same name.
 */
export function linkDataEntries(dir: string, dataDir: string | null): void {
  if (dataDir === null) return;
  let entries: string[];
  try {
    entries = readdirSync(dataDir);
  } catch (err) {
    throw new ApiError('invalid_request', `data folder ${dataDir} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  for (const name of entries) {
    if (name === metaDir) continue;
    const target = join(dir, name);
    if (!existsSync(target)) symlinkSync(join(dataDir, name), target);
  }
}

/** `.rwb/exit` of an attempt folder: "CODE START END", times in epoch seconds when the `date` there knows %N. */
export function readExitRecord(dir: string): { code: number; wallS: number | null } | null {
  let text: string;
  try {
    text = readFileSync(join(dir, metaDir, 'exit'), 'utf8');
  } catch {
    return null;
  }
  const [code, t0, t1] = text.trim().split(/\s+/).map(Number);
  if (code === undefined || !Number.isInteger(code)) return null;
  const wallS = t0 !== undefined && t1 !== undefined && Number.isFinite(t0) && Number.isFinite(t1) ? Math.max(0, t1 - t0) : null;
  return { code, wallS };
}

/** `.rwb/env-names` of an attempt folder (one name a line, written where the program ran), distinct and sorted. */
export function readEnvNames(dir: string): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(join(dir, metaDir, 'env-names'), 'utf8');
  } catch {
    return undefined;
  }
  return [...new Set(text.split('\n').filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n)))].sort();
}
