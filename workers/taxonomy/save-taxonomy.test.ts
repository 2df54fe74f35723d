import { describe, expect, it } from 'vitest';
import { ApiError } from '../../common/errors';
import { useTempDir } from '../test-support/temp-dir';
import { rubric, sampleCore } from '../labels/test-support/label-test-kit';

const tempDir = useTempDir();

describe('taxonomy.save', () => {
  it('saves a new version; a split or merge flags the labels naming those categories, which keep their value and version', async () => {
    const core = await sampleCore(tempDir());
    const v1 = await core.invoke('taxonomy.get', {});
    const history = await core.invoke('labels.history', { schema: 'category', limit: 1000 });
    const touched = history.labels.filter((l) => ['C03', 'Q05', 'Q06'].includes(l.value as string));
    expect(touched.length).toBeGreaterThan(0);

    const categories = v1.categories.flatMap(({ code, name, family, guideline }) => {
      if (code === 'C03') {
        return [
          { code: 'C03a', name: 'Shape mismatch', family, guideline: 'Shapes disagree.' },
          { code: 'C03b', name: 'Dtype mismatch', family, guideline: 'Types disagree.' },
        ];
      }
      if (code === 'Q06') return [];
      return [{ code, name: code === 'Q05' ? 'Wrong column, aggregation or rounding' : name, family, guideline: guideline ?? '' }];
    });
    const saved = await core.invoke('taxonomy.save', {
      version: 'v2',
      categories,
      splits: [{ from: 'C03', into: ['C03a', 'C03b'] }],
      merges: [{ from: ['Q05', 'Q06'], into: 'Q05' }],
    });
    expect(saved.taxonomy.version).toBe('v2');
    expect(saved.flagged).toBe(touched.length);

    const after = await core.invoke('labels.history', { schema: 'category', limit: 1000 });
    const byId = new Map(after.labels.map((l) => [l.id, l]));
    for (const label of touched) expect(byId.get(label.id)).toEqual({ ...label, needsReview: true });
    expect(after.labels.filter((l) => l.needsReview)).toHaveLength(touched.length);

    // New labels are made under v2: its codes, not the ones it replaced.
    const category = (await core.invoke('labels.schemas', {}))[0]!;
    expect(category.optionsTaxonomy).toBe('v2');
    const made = await core.invoke('labels.add', { annotator: 'cara', schema: 'category', target: rubric('rb-0011'), value: 'C03b' });
    expect(made.taxonomyVersion).toBe('v2');
    await expect(core.invoke('labels.add', { annotator: 'cara', schema: 'category', target: rubric('rb-0011'), value: 'C03' })).rejects.toThrow(/taxonomy v2/);
    core.close();
  });

  it('refuses an existing version, a twice-used code and a split of a category that was not there', async () => {
    const core = await sampleCore(tempDir());
    const categories = (await core.invoke('taxonomy.get', {})).categories.map(({ code, name, family }) => ({ code, name, family }));
    const refused = async (req: object) => {
      try {
        await core.invoke('taxonomy.save', { version: 'v2', categories, ...req } as never);
      } catch (err) {
        return (err as ApiError).message;
      }
      throw new Error('expected a refusal');
    };
    expect(await refused({ version: 'v1' })).toMatch(/taxonomy v1 already exists/);
    expect(await refused({ categories: [...categories, categories[0]] })).toMatch(/categories.22.code: "C01" appears twice/);
    expect(await refused({ splits: [{ from: 'Z99', into: ['C01', 'C02'] }] })).toMatch(/splits.0.from: "Z99" is not a category of taxonomy v1/);
    expect((await core.invoke('taxonomy.get', {})).version).toBe('v1');
    core.close();
  });
});
