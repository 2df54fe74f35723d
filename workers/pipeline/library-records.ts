/**
 * A built library as bundle v1 records (docs/bundle-v1.md): new rubric records with their
 * citations, and the frozen library record with its build parameters, funnel and allocation
 * (unknown fields of a record travel in `extra`, so export and import keep them). Ids are
 * content hashes, so the same build always gives the same records, byte for byte, which is
 * what replay compares.
 */
import { bundleRecord, type BundleRecord, type RecordOf } from '../../common/corpus/bundle';
import type { CurationFunnel, FilterAllocation, QuotaCategoryReport } from '../../common/pipeline/pipeline-types';
import type { LibraryMethod } from '../../common/rubrics/rubric-types';
import { ApiError } from '../../common/errors';
import type { CandidateRubric } from '../curation/candidates';
import { openCorpus, type Db } from '../db/open-corpus';
import { sha256 } from '../db/texts';
import { canonicalJson } from '../util/canonical-json';
import { checkReferences } from '../import/check-references';
import { RecordWriter } from '../import/record-writer';
import type { ShownProgramVersion } from '../mining/mining-input';
import { libraryToRecord, rubricToRecord } from '../export/export-records';
import type { LibraryRow, RubricRow } from '../bundle-codecs/rubric-codecs';

/** What a library record says about its build, besides its rubrics. */
export interface LibraryPlan {
  method: LibraryMethod;
  name: string;
  builtAt: string;
  run: string;
  params: Record<string, unknown>;
  funnel: CurationFunnel | null;
  categories: QuotaCategoryReport[];
  allocation: FilterAllocation[];
}

/** The records a build writes: new rubrics first, then the library that lists them. */
export interface LibraryRecords {
  rubrics: RecordOf<'rubric'>[];
  library: RecordOf<'library'>;
}

/** Where a cited program is in the corpus: the first shown program version with that sha256. */
export type LocateProgram = (sha: string) => Pick<ShownProgramVersion, 'rollout' | 'path' | 'version'> | null;

function withId<T extends BundleRecord>(prefix: string, record: Omit<T, 'id'>, hexChars: number): T {
  return { ...record, id: `${prefix}${sha256(canonicalJson(record)).slice(0, hexChars)}` } as unknown as T;
}

/** A kept rubric as a bundle record; its id is a hash of its content. */
export function rubricRecord(candidate: CandidateRubric, miner: string, locate: LocateProgram): RecordOf<'rubric'> {
  const { rubric } = candidate;
  const record = {
    type: 'rubric' as const,
    title: rubric.title,
    appliesWhen: rubric.appliesWhen,
    pattern: rubric.pattern,
    ...(rubric.fix === null ? {} : { fix: rubric.fix }),
    family: candidate.family,
    category: candidate.category,
    support: candidate.support.map((s) => (s.task === null ? { rollout: s.rollout } : { rollout: s.rollout, task: s.task })),
    miner,
    citations: candidate.citations.map((c) => ({ program: c.program, ...locate(c.program), lineStart: c.lineStart, lineEnd: c.lineEnd, quote: c.quote })),
  };
  return withId<RecordOf<'rubric'>>('rb-', record, 16);
}

/** The library record over `rubricIds` (in library order). */
export function libraryRecord(plan: LibraryPlan, rubricIds: readonly string[]): RecordOf<'library'> {
  const record = {
    type: 'library' as const,
    name: plan.name,
    method: plan.method,
    builtAt: plan.builtAt,
    params: plan.params,
    rubrics: [...rubricIds],
    run: plan.run,
    ...(plan.funnel === null ? {} : { funnel: plan.funnel }),
    ...(plan.categories.length ? { categories: plan.categories } : {}),
    ...(plan.allocation.length ? { allocation: plan.allocation } : {}),
  };
  return withId<RecordOf<'library'>>(`${plan.method}-`, record, 12);
}

/** New rubrics (one record per distinct id, in order) and the library over them. */
export function buildLibraryRecords(plan: LibraryPlan, candidates: readonly CandidateRubric[], miner: string, locate: LocateProgram): LibraryRecords {
  const rubrics = new Map<string, RecordOf<'rubric'>>();
  for (const c of candidates) {
    const record = rubricRecord(c, miner, locate);
    if (!rubrics.has(record.id)) rubrics.set(record.id, record);
  }
  return { rubrics: [...rubrics.values()], library: libraryRecord(plan, [...rubrics.keys()]) };
}

/**
 * Writes the records in one transaction, as an import would (a rubric already in the corpus
 * with the same content is a duplicate, not an error). The caller holds the write lock.
 */
export function writeLibraryRecords(db: Db, records: LibraryRecords, source: string): void {
  db.transaction(() => {
    const writer = new RecordWriter(db);
    [...records.rubrics, records.library].forEach((record, i) => {
      const parsed = bundleRecord.safeParse(record);
      if (!parsed.success) throw new ApiError('internal', `${source}: built an invalid ${record.type} record: ${parsed.error.message}`);
      writer.write(parsed.data, { file: source, line: i + 1 });
    });
    checkReferences(db, writer.references);
  })();
}

/** A stored rubric as `rwb export` writes its line. */
export function rubricLine(db: Db, id: string): string {
  const r = db.prepare<unknown[], RubricRow>('SELECT * FROM rubrics WHERE id = ?').get(id);
  if (!r) throw new ApiError('not_found', `rubric "${id}" is not in this corpus`);
  return JSON.stringify(rubricToRecord(db, r));
}

/**
 * A stored library and its rubrics as `rwb export` writes their lines: the library first,
 * then its rubrics in library order. Replay compares these lines.
 */
export function libraryLines(db: Db, library: string): string[] {
  const l = db.prepare<unknown[], LibraryRow>('SELECT * FROM libraries WHERE id = ?').get(library);
  if (!l) throw new ApiError('not_found', `library "${library}" is not in this corpus`);
  const record = libraryToRecord(db, l);
  return [JSON.stringify(record), ...record.rubrics.map((id) => rubricLine(db, id))];
}

/**
 * The lines `records` would export as once written: they are written into a scratch
 * in-memory corpus (with copies of the stored rubrics the library reuses) and read back by
 * {@link libraryLines}, so stored and replayed libraries go through the very same code.
 */
export function recordLines(db: Db, records: LibraryRecords): string[] {
  const scratch = openCorpus(':memory:');
  try {
    const built = new Set(records.rubrics.map((r) => r.id));
    const reused = records.library.rubrics.filter((id) => !built.has(id)).map((id) => JSON.parse(rubricLine(db, id)) as RecordOf<'rubric'>);
    writeLibraryRecords(scratch, { rubrics: [...reused, ...records.rubrics], library: records.library }, 'replay');
    return libraryLines(scratch, records.library.id);
  } finally {
    scratch.close();
  }
}
