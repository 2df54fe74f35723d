import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { rubric, sampleCore } from './test-support/label-test-kit';

const tempDir = useTempDir();

describe('labels.history', () => {
  it('names every annotator with a record under the schema, whatever the annotator filter, for the export dialog', async () => {
    const core = await sampleCore(tempDir());
    await core.invoke('labels.add', { annotator: 'cara', schema: 'quality_audit', target: rubric('rb-0011'), value: 'accept' });
    const category = await core.invoke('labels.history', { schema: 'category', annotator: 'ana', limit: 1 });
    expect(category.annotators).toEqual(['ana', 'ben']);
    expect(category.labels).toHaveLength(1);
    expect((await core.invoke('labels.history', { limit: 1 })).annotators).toEqual(['ana', 'ben', 'cara']);
    core.close();
  });
});
