/**
 * Blind mode audited over every read an auditor may make (issue 28): a blind auditor who has
 * labelled nothing signs in with their own link on a copy of the sample corpus (labels by ana
 * and ben, CWM verdicts, a mined library) and calls each read operation their role allows.
 * Every answer is scanned for another person's label, a CWM verdict and a rubric's category.
 * An operation added to the contract without a request here fails the test, so none can leak
 * unnoticed.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { OperationName, ResponseOf } from '../../common/contract';
import { operationNames, operations } from '../../common/contract';
import { operationRoles } from '../../common/operation-roles';
import { useTeamServer } from '../test-support/team-server';

const startTeam = useTeamServer();
const library = 'whole-rollout-pool';
const judged = { rollout: 'r-0001', path: 'analysis.py', version: 0 };
const pool = { kind: 'library', library } as const;

/** One request per read an auditor may make, each reaching the rows blind mode governs where the operation can. */
function readsOf(ids: { judgeRun: string; judgedLibrary: string; attempt: number }): Partial<Record<OperationName, unknown>> {
  return {
    'app.info': {},
    'corpus.stats': {},
    'corpus.facets': {},
    'rollouts.list': {},
    'rollouts.get': { id: judged.rollout },
    'steps.list': { rollout: judged.rollout },
    'steps.get': { rollout: judged.rollout, index: 0 },
    'failures.list': { rollout: judged.rollout },
    'programs.get': judged,
    'rules.list': {},
    'rollouts.compare': { a: 'r-0001', b: 'r-0002' },
    'search.query': { query: 'error', rubrics: true },
    'libraries.list': {},
    'libraries.mix': { library },
    'rubrics.list': { library },
    'rubrics.get': { id: 'rb-0011' },
    'taxonomy.get': {},
    'retrieval.run': { library, rollout: judged.rollout },
    'labels.agreement': { schema: 'category' },
    'labels.schemas': {},
    'labels.queue': { schema: 'category', annotator: 'bob', targetSet: pool, blind: false },
    'labels.history': {},
    'labels.evidence': { schema: 'quality_audit', annotator: 'bob', target: { kind: 'rubric', id: 'rb-0011' }, blind: false },
    'labels.agreementDetail': { schema: 'category' },
    'labels.disagreements': { schema: 'category' },
    'labels.export': { schema: 'category' },
    'labels.auditReport': { rollout: judged.rollout, annotator: 'bob' },
    'settings.get': {},
    'experiments.compare': { experiment: 'exp-1', a: 'original', b: 'lesson_guided' },
    'experiments.research': { experiment: 'exp-1' },
    'cases.list': {},
    'experiments.list': {},
    'experiments.get': { id: 'exp-1' },
    'runs.diskUse': {},
    'attempts.log': { id: ids.attempt },
    'attempts.output': { id: ids.attempt, from: 0 },
    'attempts.diagnosis': { id: ids.attempt },
    'attempts.ofProgram': judged,
    'hosts.list': {},
    'hosts.local': {},
    'ledger.list': {},
    'models.status': {},
    'prices.list': {},
    'curation.filteredPreview': { from: library },
    'pipeline.list': {},
    'pipeline.get': { run: ids.judgeRun },
    'libraries.auditOrigins': { library },
    'libraries.build': { library },
    'rubrics.precisionRecall': { library: ids.judgedLibrary },
    'rubrics.citations': { id: 'rb-0011' },
    'verdicts.list': { rollout: judged.rollout, library: ids.judgedLibrary },
    'people.list': {},
  };
}

/** Reads that filter by the miner's category: while blind they must be refused or come back empty. */
const byCategory: [OperationName, unknown][] = [
  ['rubrics.list', { category: 'Q06' }],
  ['retrieval.run', { library, rollout: judged.rollout }],
  ['labels.queue', { schema: 'quality_audit', annotator: 'bob', targetSet: { kind: 'filter', category: 'Q06' } }],
];

interface Secrets {
  judgeRun: string;
  judgedLibrary: string;
  attempt: number;
  others: Set<string>;
  categories: Map<string, string>;
  rationales: Set<string>;
}

function secretsOf(dbPath: string): Secrets {
  const db = new Database(dbPath, { readonly: true });
  try {
    return {
      judgeRun: db.prepare<[], string>("SELECT id FROM pipeline_runs WHERE kind = 'judge'").pluck().get()!,
      judgedLibrary: db.prepare<[], string>("SELECT json_extract(params, '$.library') FROM pipeline_runs WHERE kind = 'judge'").pluck().get()!,
      attempt: db.prepare<[], number>('SELECT min(id) FROM attempts').pluck().get()!,
      others: new Set(db.prepare<[], string>('SELECT DISTINCT annotator FROM labels').pluck().all()),
      categories: new Map(db.prepare<[], [string, string]>('SELECT id, category FROM rubrics WHERE category IS NOT NULL').raw().all()),
      rationales: new Set(db.prepare<[], string>('SELECT DISTINCT rationale FROM verdicts WHERE rationale IS NOT NULL').pluck().all()),
    };
  } finally {
    db.close();
  }
}

const verdictValues = new Set(['fires', 'does_not_fire', 'not_applicable', 'insufficient_evidence']);

/** Every place in an answer that shows another's label, a CWM verdict or a rubric's category, by JSON path. */
function leaks(answer: unknown, secrets: Secrets): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string): void => {
    if (typeof node === 'string') {
      if (secrets.rationales.has(node)) found.push(`${path}: a verdict's rationale`);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${path}[${i}]`));
    const record = node as Record<string, unknown>;
    const annotator = record.annotator;
    if (typeof annotator === 'string' && secrets.others.has(annotator) && ('value' in record || 'target' in record))
      found.push(`${path}: a label of ${annotator}`);
    if (typeof record.verdict === 'string' && verdictValues.has(record.verdict)) found.push(`${path}: a verdict`);
    const rubric = [record.id, record.rubric].find((v): v is string => typeof v === 'string' && secrets.categories.has(v));
    if (rubric !== undefined && record.category === secrets.categories.get(rubric)) found.push(`${path}: the category of ${rubric}`);
    for (const [key, value] of Object.entries(record)) walk(value, `${path}.${key}`);
  };
  walk(answer, '$');
  return found;
}

describe('blind mode over every read an auditor may make', () => {
  it("sends a blind auditor who has labelled nothing no other person's label, no CWM verdict and no rubric's category", async () => {
    const { dbPath, call, addPerson } = await startTeam();
    const bobToken = await addPerson('bob', 'auditor');
    const bob = (op: string, body: unknown) => call(bobToken, op, body);
    const secrets = secretsOf(dbPath);
    const reads = readsOf(secrets);
    expect(secrets.others.size).toBeGreaterThan(0);
    expect(secrets.rationales.size).toBeGreaterThan(0);

    const auditorReads = operationNames.filter((op) => operationRoles[op] === 'auditor' && operations[op].access === 'read');
    expect(auditorReads.filter((op) => !(op in reads))).toEqual([]);
    const found: string[] = [];
    const answered: string[] = [];
    for (const op of auditorReads) {
      const result = await bob(op, reads[op]);
      if (!result.ok) {
        // A refusal leaks nothing, but only blind mode may refuse a read the role allows.
        expect(result.error?.code, `${op}: ${result.error?.message}`).toBe('forbidden');
        expect(result.error?.message, op).toContain('blind mode');
        continue;
      }
      answered.push(op);
      found.push(...leaks(result.value, secrets).map((leak) => `${op} ${leak}`));
    }
    expect(found).toEqual([]);
    // The audit means something only if the reads that carry these rows answered.
    expect(answered).toEqual(expect.arrayContaining(['labels.history', 'labels.queue', 'rubrics.list', 'rubrics.get', 'verdicts.list', 'labels.agreement']));

    for (const [op, body] of byCategory) {
      const result = await bob(op, body);
      if (result.ok) expect(JSON.stringify(result.value), op).not.toMatch(/rb-\d{4}/);
      else expect(result.error?.message, op).toContain('blind mode');
    }

    // Labelling an item shows its category, and still not another's.
    await bob('labels.add', { annotator: 'bob', schema: 'quality_audit', target: { kind: 'rubric', id: 'rb-0011' }, value: 'accept' });
    const rows = ((await bob('rubrics.list', { library })).value as ResponseOf<'rubrics.list'>).rows;
    expect(rows.filter((r) => r.category !== null).map((r) => r.id)).toEqual(['rb-0011']);

    // The same reads with blind mode off do carry these rows: the scan finds what it looks for.
    await bob('settings.set', { blind: false });
    const seen = await Promise.all(
      ['labels.history', 'rubrics.get', 'verdicts.list'].map(async (op) => leaks((await bob(op, reads[op as OperationName])).value, secrets)),
    );
    expect(seen.map((l) => l.length > 0)).toEqual([true, true, true]);
  });
});
