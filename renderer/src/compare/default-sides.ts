/** Which program versions a Compare side falls back to when the URL leaves it open. Pure. */
import type { ProgramVersionInfo } from '../../../common/corpus/corpus-types';
import type { ProgramSide } from '../router/compare-route';

/** The distinct program paths of a rollout, in the order the API lists them. */
export function pathsOf(programs: readonly ProgramVersionInfo[]): string[] {
  return [...new Set(programs.map((p) => p.path))];
}

/** The versions of `path` among a rollout's programs, ascending. */
export function versionsOf(programs: readonly ProgramVersionInfo[], path: string): number[] {
  return programs
    .filter((p) => p.path === path)
    .map((p) => p.version)
    .sort((x, y) => x - y);
}

/**
 * Side B for a URL that names only A: A's next version. When A is the last version, A's
 * previous version and A become the pair instead; a single version is compared with itself.
 */
export function completeSides(a: ProgramSide, programs: readonly ProgramVersionInfo[]): { a: ProgramSide; b: ProgramSide } {
  const versions = versionsOf(programs, a.path);
  const next = versions.find((v) => v > a.version);
  if (next !== undefined) return { a, b: { ...a, version: next } };
  const previous = versions.filter((v) => v < a.version).pop();
  if (previous !== undefined) return { a: { ...a, version: previous }, b: a };
  return { a, b: a };
}

/**
 * The side to show after switching to another rollout: the same path and version if it has
 * them, else the same path's last version, else its first program's last version; null when
 * the rollout stored no programs.
 */
export function sideInRollout(
  rollout: string,
  programs: readonly ProgramVersionInfo[],
  like: Pick<ProgramSide, 'path' | 'version'> | null,
): ProgramSide | null {
  const paths = pathsOf(programs);
  const path = like && paths.includes(like.path) ? like.path : paths[0];
  if (path === undefined) return null;
  const versions = versionsOf(programs, path);
  const version = like && versions.includes(like.version) && path === like.path ? like.version : versions[versions.length - 1]!;
  return { rollout, path, version };
}
