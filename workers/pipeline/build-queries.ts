/**
 * What the Libraries screen shows about how a library was built and where its rubrics' quotes
 * are, read from the library and rubric records (their `funnel`, `categories`, `allocation`,
 * `run` and `citations` fields travel in `extra`, so imported libraries show them too).
 */
import type { CitationRow, LibraryBuild } from '../../common/pipeline/pipeline-types';
import type { LibraryMethod } from '../../common/rubrics/rubric-types';
import { ApiError } from '../../common/errors';
import { ShownPrograms } from '../curation/citations';
import type { Db } from '../db/open-corpus';

const extraOf = (json: string | null): Record<string, unknown> => (json === null ? {} : (JSON.parse(json) as Record<string, unknown>));

/** `libraries.build`: a library's funnel, Quota categories or Filtered allocation, and its run. */
export function libraryBuild(db: Db, library: string): LibraryBuild {
  const row = db.prepare<unknown[], { method: LibraryMethod; extra: string | null }>('SELECT method, extra FROM libraries WHERE id = ?').get(library);
  if (!row) throw new ApiError('not_found', `library "${library}" is not in this corpus`);
  const extra = extraOf(row.extra);
  return {
    library,
    method: row.method,
    run: typeof extra.run === 'string' ? extra.run : null,
    funnel: (extra.funnel as LibraryBuild['funnel'] | undefined) ?? null,
    categories: (extra.categories as LibraryBuild['categories'] | undefined) ?? [],
    allocation: (extra.allocation as LibraryBuild['allocation'] | undefined) ?? [],
  };
}

interface StoredRubricCitation {
  program: string;
  rollout?: string;
  path?: string;
  version?: number;
  lineStart: number;
  lineEnd: number;
  quote: string;
}

/**
 * `rubrics.citations`: a rubric's citations, each checked again against the stored program it
 * names (a mined rubric's were all grounded when it was accepted), with where that program is.
 */
export function rubricCitations(db: Db, rubric: string): CitationRow[] {
  const row = db.prepare<unknown[], { extra: string | null }>('SELECT extra FROM rubrics WHERE id = ?').get(rubric);
  if (!row) throw new ApiError('not_found', `rubric "${rubric}" is not in this corpus`);
  const citations = (extraOf(row.extra).citations as StoredRubricCitation[] | undefined) ?? [];
  const text = db.prepare<unknown[], string>('SELECT body FROM texts WHERE hash = ?').pluck();
  const locate = db.prepare<unknown[], CitationRow['location']>(
    'SELECT rollout_id AS rollout, path, version FROM program_versions WHERE content_hash = ? ORDER BY id LIMIT 1',
  );
  return citations.map((c) => {
    const body = text.get(c.program);
    const check = new ShownPrograms(body === undefined ? [] : [{ sha256: c.program, text: body }]).check(c);
    const location =
      c.rollout !== undefined && c.path !== undefined && c.version !== undefined
        ? { rollout: c.rollout, path: c.path, version: c.version }
        : (locate.get(c.program) ?? null);
    return { program: c.program, lineStart: c.lineStart, lineEnd: c.lineEnd, quote: c.quote, grounded: check.grounded, problem: check.problem, location };
  });
}
