import { describe, expect, it } from 'vitest';
import { labelSchemaDefinition } from '../../common/labels/label-schema';
import { ApiError } from '../../common/errors';
import { useTempDir } from '../test-support/temp-dir';
import { rubric, sampleCore } from './test-support/label-test-kit';

const tempDir = useTempDir();

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('label schemas', () => {
  it('seeds category, quality_audit and applicability at version 1 and run_audit at version 2, the category values from the taxonomy', async () => {
    const core = await sampleCore(tempDir());
    const schemas = await core.invoke('labels.schemas', {});
    expect(schemas.map((s) => [s.name, s.version])).toEqual([
      ['category', 1],
      ['quality_audit', 1],
      ['applicability', 1],
      ['run_audit', 2],
    ]);
    for (const s of schemas) expect(labelSchemaDefinition.safeParse(s.definition).success).toBe(true);
    const category = schemas[0]!;
    expect(category.optionsTaxonomy).toBe('v1');
    expect(category.options).toHaveLength(22);
    expect(category.options[0]).toMatchObject({ value: 'C01', label: 'Missing package' });
    expect(category.options[0]!.guideline).toContain('ModuleNotFoundError');
    const audit = schemas[1]!.definition;
    expect(audit.reasons.map((r) => r.code)).toEqual(['wrong_program_citation', 'not_applicable_both', 'failed_quality_review', 'duplicate', 'format']);
    const runAudit = schemas[3]!.definition.value;
    expect(runAudit.kind === 'scopes' && runAudit.scopes.map((s) => s.value)).toEqual([
      'dataset',
      'starting_model',
      'hidden_assets',
      'protocol_exposure',
      'evaluator',
      'network',
      'contamination',
      'resources',
      'submission_timing',
      'receipts',
    ]);
    core.close();
  });

  it('saves an edited definition as the next version, and saving it again changes nothing', async () => {
    const core = await sampleCore(tempDir());
    const audit = (await core.invoke('labels.schemas', {}))[1]!;
    const edited = { ...audit.definition, overlapTarget: 3 };
    const saved = await core.invoke('labels.schemaSave', { name: 'quality_audit', definition: edited });
    expect(saved).toMatchObject({ name: 'quality_audit', version: 2 });
    expect((await core.invoke('labels.schemaSave', { name: 'quality_audit', definition: edited })).version).toBe(2);
    const clash = await failure(
      core.invoke('labels.schemaSave', { name: 'quality_audit', definition: { ...edited, reasons: [{ code: 'x', label: 'X', key: 'j', guideline: '' }] } }),
    );
    expect(clash.message).toContain('"j" is a queue key');
    core.close();
  });
});

describe('labels.add', () => {
  it('commits a valid label under the newest schema and taxonomy version and returns the stored record', async () => {
    const core = await sampleCore(tempDir());
    const stored = await core.invoke('labels.add', { annotator: 'cara', schema: 'category', target: rubric('rb-0011'), value: 'C02', note: 'typo' });
    expect(stored).toMatchObject({
      annotator: 'cara',
      schema: 'category',
      schemaVersion: 1,
      taxonomyVersion: 'v1',
      target: rubric('rb-0011'),
      value: 'C02',
      reasons: [],
      note: 'typo',
      adjudication: false,
      retracts: null,
    });
    expect(Math.abs(Date.parse(stored.at) - Date.now())).toBeLessThan(5000);
    const history = await core.invoke('labels.history', { annotator: 'cara' });
    expect(history.labels).toEqual([stored]);
    core.close();
  });

  it('refuses values, reasons and targets the schema does not allow, naming the field', async () => {
    const core = await sampleCore(tempDir());
    const add = (req: object) =>
      failure(core.invoke('labels.add', { annotator: 'cara', schema: 'quality_audit', target: rubric('rb-0011'), value: 'accept', ...req } as never));
    expect((await add({ schema: 'category', value: 'C99' })).message).toMatch(/value: "C99" is not a category code of taxonomy v1/);
    expect((await add({ value: 'maybe' })).message).toMatch(/value: "maybe" is not one of \(accept, reject\)/);
    expect((await add({ value: 'reject' })).message).toMatch(/reasons: a reject needs at least one reason/);
    expect((await add({ value: 'reject', reasons: ['typo'] })).message).toMatch(/reasons.0: "typo" is not a reason of quality_audit/);
    expect((await add({ target: rubric('rb-9999') })).code).toBe('not_found');
    expect((await add({ target: { kind: 'rollout', id: 'r-0001' } })).message).toMatch(/labels rubrics, not a rollout/);
    expect((await add({ schema: 'nope' })).code).toBe('not_found');
    expect((await add({ annotator: 'has space' })).code).toBe('invalid_request');
    expect((await core.invoke('labels.history', { annotator: 'cara' })).total).toBe(0);
    core.close();
  });

  it('checks a run audit has every scope with a known status and text fields', async () => {
    const core = await sampleCore(tempDir());
    const schema = (await core.invoke('labels.schemas', {})).find((s) => s.name === 'run_audit')!;
    const scopes = schema.definition.value.kind === 'scopes' ? schema.definition.value.scopes.map((s) => s.value) : [];
    const value = Object.fromEntries(scopes.reverse().map((s) => [s, { status: 'not_checked', evidence: '', impact: '' }]));
    value.submission_timing = { status: 'confirmed', evidence: 'submit.json: 2,322 s left', impact: 'exploration cut short' };
    const stored = await core.invoke('labels.add', { annotator: 'cara', schema: 'run_audit', target: { kind: 'rollout', id: 'r-0001' }, value });
    expect(Object.keys(stored.value as object).sort()).toEqual([...scopes].sort());
    expect((stored.value as Record<string, { status: string }>).submission_timing!.status).toBe('confirmed');
    const { dataset: _dropped, ...partial } = value;
    const missing = await failure(
      core.invoke('labels.add', { annotator: 'cara', schema: 'run_audit', target: { kind: 'rollout', id: 'r-0001' }, value: partial }),
    );
    expect(missing.message).toMatch(/value.dataset: the scope "Dataset and data sources" is missing/);
    core.close();
  });
});

describe('labels.add with a client id', () => {
  it('is idempotent: a retried save returns the first record and writes nothing, another id makes a new record', async () => {
    const core = await sampleCore(tempDir());
    const req = { annotator: 'cara', schema: 'category', target: rubric('rb-0011'), value: 'C02', clientId: 'win1-label-0001' };
    const first = await core.invoke('labels.add', req);
    expect(await core.invoke('labels.add', req)).toEqual(first);
    // Even a retry whose value no longer validates answers with what the first save stored.
    expect(await core.invoke('labels.add', { ...req, value: 'not-a-code' })).toEqual(first);
    const other = await core.invoke('labels.add', { ...req, clientId: 'win1-label-0002' });
    expect(other.id).not.toBe(first.id);
    const history = await core.invoke('labels.history', { annotator: 'cara', schema: 'category' });
    expect(history.labels.map((l) => l.id)).toEqual([first.id, other.id]);
    const bad = await failure(core.invoke('labels.add', { ...req, clientId: 'short' }));
    expect(bad.code).toBe('invalid_request');
    expect(bad.message).toContain('clientId');
    core.close();
  });
});

describe('supersession and undo', () => {
  it('a later label supersedes, undo retracts it with a new record and the earlier label is current again', async () => {
    const core = await sampleCore(tempDir());
    const add = (id: string, value: string) => core.invoke('labels.add', { annotator: 'cara', schema: 'category', target: rubric(id), value });
    const first = await add('rb-0011', 'C01');
    const second = await add('rb-0011', 'C02');
    const other = await add('rb-0012', 'C03');
    expect(Date.parse(second.at)).toBeGreaterThan(Date.parse(first.at));

    const undo = await core.invoke('labels.undo', { annotator: 'cara', schema: 'category' });
    expect(undo.undone).toEqual(other);
    expect(undo.retraction).toMatchObject({ target: rubric('rb-0012'), value: null, retracts: other.at });
    expect(undo.current).toBeNull();

    const again = await core.invoke('labels.undo', { annotator: 'cara', schema: 'category' });
    expect(again.undone).toEqual(second);
    expect(again.current).toEqual(first);

    // Nothing was deleted: three labels and two retractions.
    const history = await core.invoke('labels.history', { annotator: 'cara', schema: 'category' });
    expect(history.labels.map((l) => [l.target.id, l.value, l.retracts !== null])).toEqual([
      ['rb-0011', 'C01', false],
      ['rb-0011', 'C02', false],
      ['rb-0012', 'C03', false],
      ['rb-0012', null, true],
      ['rb-0011', null, true],
    ]);
    expect((await core.invoke('labels.undo', { annotator: 'cara', schema: 'category' })).undone).toEqual(first);
    expect(await core.invoke('labels.undo', { annotator: 'cara', schema: 'category' })).toEqual({ undone: null, retraction: null, current: null });
    core.close();
  });

  it('agreement counts current labels only: not retracted ones, not adjudications', async () => {
    const core = await sampleCore(tempDir());
    const before = await core.invoke('labels.agreement', { schema: 'category' });
    // ana and ben disagree on rb-0022 (Q02 vs P01); an adjudication by ana is not her annotation.
    await core.invoke('labels.add', { annotator: 'ana', schema: 'category', target: rubric('rb-0022'), value: 'P01', adjudication: true });
    expect(await core.invoke('labels.agreement', { schema: 'category' })).toEqual(before);
    // A label by cara then undone leaves two annotators, as before.
    await core.invoke('labels.add', { annotator: 'cara', schema: 'category', target: rubric('rb-0022'), value: 'P01' });
    expect((await core.invoke('labels.agreement', { schema: 'category' })).method).toBe('alpha');
    await core.invoke('labels.undo', { annotator: 'cara', schema: 'category' });
    expect(await core.invoke('labels.agreement', { schema: 'category' })).toEqual(before);
    core.close();
  });
});
