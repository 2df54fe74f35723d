import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { rubric, sampleCore } from './test-support/label-test-kit';

const tempDir = useTempDir();

describe('labels.agreementDetail', () => {
  it('scores each category one-vs-rest on the 20 rubrics ana and ben both labelled', async () => {
    const core = await sampleCore(tempDir());
    const detail = await core.invoke('labels.agreementDetail', { schema: 'category' });
    expect(detail.overall).toEqual(await core.invoke('labels.agreement', { schema: 'category' }));
    expect(detail.basis).toBe('one_vs_rest');
    const of = (code: string) => detail.perCategory.find((c) => c.category === code)!;
    // Q03: both annotators call the same 3 of 20 items Q03 → kappa 1.
    expect(of('Q03')).toMatchObject({ name: 'Missing-value handling', items: 20, method: 'kappa', coefficient: 1 });
    // P01: ana 3 items, ben 3, 2 shared; p_o = 18/20, p_e = (3/20)² + (17/20)² = 0.745; kappa = 0.155 / 0.255.
    expect(of('P01').observed).toBeCloseTo(0.9, 12);
    expect(of('P01').expected).toBeCloseTo(0.745, 12);
    expect(of('P01').coefficient).toBeCloseTo(0.155 / 0.255, 12);
    // C03: only ben uses it, once: observed = chance = 0.95, kappa 0.
    expect(of('C03').coefficient).toBeCloseTo(0, 12);
    core.close();
  });

  it('groups other schemas by the rubric category', async () => {
    const core = await sampleCore(tempDir());
    const detail = await core.invoke('labels.agreementDetail', { schema: 'quality_audit' });
    expect(detail.basis).toBe('rubric_category');
    expect(detail.perCategory.reduce((n, c) => n + c.items, 0)).toBe(detail.overall.items);
    core.close();
  });
});

describe('adjudication', () => {
  it("lists the items ana and ben disagree on; an adjudication is a new record and the annotators' labels stay", async () => {
    const core = await sampleCore(tempDir());
    const disputed = await core.invoke('labels.disagreements', { schema: 'category' });
    expect(disputed.map((d) => d.target.id)).toEqual(['rb-0022', 'rb-0027', 'rb-0029', 'rb-0033', 'rb-0037', 'rb-0039']);
    expect(disputed[0]!.labels.map((l) => [l.annotator, l.value])).toEqual([
      ['ana', 'Q02'],
      ['ben', 'P01'],
    ]);
    expect(disputed[0]!.adjudicated).toBeNull();
    expect(disputed[0]!.title).toEqual(expect.any(String));

    const before = await core.invoke('labels.agreement', { schema: 'category' });
    const adjudication = await core.invoke('labels.add', {
      annotator: 'dan',
      schema: 'category',
      target: rubric('rb-0022'),
      value: 'Q02',
      adjudication: true,
      note: 'metric, per the task statement',
    });
    expect(adjudication.adjudication).toBe(true);
    const after = await core.invoke('labels.disagreements', { schema: 'category' });
    expect(after[0]!.adjudicated).toEqual(adjudication);
    expect(after[0]!.labels).toEqual(disputed[0]!.labels);
    expect(await core.invoke('labels.agreement', { schema: 'category' })).toEqual(before);
    expect((await core.invoke('labels.history', { target: rubric('rb-0022') })).total).toBe(3);

    // Undoing the adjudication leaves the item open again; the annotators' own undo stacks are untouched.
    await core.invoke('labels.undo', { annotator: 'dan', schema: 'category', adjudication: true });
    expect((await core.invoke('labels.disagreements', { schema: 'category' }))[0]!.adjudicated).toBeNull();
    core.close();
  });
});
