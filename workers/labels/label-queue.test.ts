import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { rubric, sampleCore } from './test-support/label-test-kit';

const tempDir = useTempDir();
const library = { kind: 'library' as const, library: 'whole-rollout-pool' };

describe('labels.queue', () => {
  it("holds a library's rubrics in order with progress per annotator, resuming at the first item without the annotator's label", async () => {
    const core = await sampleCore(tempDir());
    const queue = await core.invoke('labels.queue', { schema: 'category', annotator: 'ben', targetSet: library });
    expect(queue.items).toHaveLength(45);
    expect(queue.items[0]!.target).toEqual(rubric('rb-0011'));
    expect(queue.items[0]!.rubric).toMatchObject({ id: 'rb-0011', family: expect.any(String) });
    expect(queue.progress).toEqual([
      { annotator: 'ana', done: 30 },
      { annotator: 'ben', done: 30 },
    ]);
    // ben labelled rb-0021..rb-0050; ana rb-0011..rb-0040: 20 items have two annotators.
    expect(queue.atOverlapTarget).toBe(20);
    expect(queue.resume).toBe(0);
    const ana = await core.invoke('labels.queue', { schema: 'category', annotator: 'ana', targetSet: library });
    expect(ana.items[ana.resume]!.target).toEqual(rubric('rb-0041'));
    core.close();
  });

  it("blind mode hides other annotators' labels until the annotator has labelled the item", async () => {
    const core = await sampleCore(tempDir());
    const open = (blind: boolean) => core.invoke('labels.queue', { schema: 'category', annotator: 'cara', targetSet: library, blind });
    const item = (q: Awaited<ReturnType<typeof open>>) => q.items.find((i) => i.target.id === 'rb-0022')!;
    expect(item(await open(true)).others).toBeNull();
    expect(item(await open(false)).others!.map((l) => [l.annotator, l.value])).toEqual([
      ['ana', 'Q02'],
      ['ben', 'P01'],
    ]);
    await core.invoke('labels.add', { annotator: 'cara', schema: 'category', target: rubric('rb-0022'), value: 'Q02' });
    const after = item(await open(true));
    expect(after.mine).toMatchObject({ value: 'Q02' });
    expect(after.others).toHaveLength(2);
    const evidence = await core.invoke('labels.evidence', { schema: 'category', annotator: 'dan', target: rubric('rb-0022') });
    expect(evidence.others).toBeNull();
    expect(evidence.verdicts).toBeNull();
    core.close();
  });

  it('resumes at the saved position, and keeps flags and skips', async () => {
    const core = await sampleCore(tempDir());
    const base = { schema: 'category', annotator: 'cara' } as const;
    await core.invoke('labels.cursor', { ...base, targetSet: library, target: rubric('rb-0015') });
    await core.invoke('labels.mark', { ...base, target: rubric('rb-0012'), flagged: true });
    await core.invoke('labels.mark', { ...base, target: rubric('rb-0013'), skipped: true });
    const queue = await core.invoke('labels.queue', { ...base, targetSet: library });
    expect(queue.items[queue.resume]!.target).toEqual(rubric('rb-0015'));
    expect(queue.items[1]).toMatchObject({ flagged: true, skipped: false });
    expect(queue.items[2]).toMatchObject({ flagged: false, skipped: true });
    // A position in another set does not move this one.
    await core.invoke('labels.cursor', { ...base, targetSet: { kind: 'library', library: 'quota-24' }, target: rubric('rb-0030') });
    const again = await core.invoke('labels.queue', { ...base, targetSet: library });
    expect(again.items[again.resume]!.target).toEqual(rubric('rb-0015'));
    core.close();
  });

  it('draws a stratified sample: the same seed gives the same queue, at most N per rubric category', async () => {
    const core = await sampleCore(tempDir());
    const sample = (seed: number) =>
      core.invoke('labels.queue', {
        schema: 'quality_audit',
        annotator: 'cara',
        targetSet: { kind: 'sample', library: 'whole-rollout-pool', perCategory: 2, seed },
      });
    const a = await sample(7);
    expect((await sample(7)).items.map((i) => i.target.id)).toEqual(a.items.map((i) => i.target.id));
    const perCategory = new Map<string, number>();
    for (const item of a.items) perCategory.set(item.rubric!.category ?? '', (perCategory.get(item.rubric!.category ?? '') ?? 0) + 1);
    expect(Math.max(...perCategory.values())).toBeLessThanOrEqual(2);
    expect(perCategory.size).toBeGreaterThan(5);
    const filtered = await core.invoke('labels.queue', {
      schema: 'category',
      annotator: 'cara',
      targetSet: { kind: 'filter', library: 'whole-rollout-pool', category: 'C03' },
      blind: false,
    });
    expect(filtered.items.every((i) => i.rubric!.category === 'C03')).toBe(true);
    // Blind, the miner's category of an item not yet labelled is not in the answer at all.
    const blind = await core.invoke('labels.queue', { schema: 'category', annotator: 'cara', targetSet: { kind: 'filter', library: 'whole-rollout-pool' } });
    expect(blind.items.length).toBeGreaterThan(0);
    expect(blind.items.every((i) => i.rubric!.category === null)).toBe(true);
    core.close();
  });

  it('queues an applicability review as each rubric on the programs of its source rollouts', async () => {
    const core = await sampleCore(tempDir());
    const queue = await core.invoke('labels.queue', { schema: 'applicability', annotator: 'cara', targetSet: { kind: 'filter', library: 'wrong-answer-1st' } });
    expect(queue.items.length).toBeGreaterThan(0);
    const first = queue.items[0]!;
    expect(first.target.kind).toBe('program');
    expect(JSON.parse(first.target.id)).toEqual([first.rubric!.id, first.program!.rollout, first.program!.path, first.program!.version]);
    const stored = await core.invoke('labels.add', { annotator: 'cara', schema: 'applicability', target: first.target, value: 'violates' });
    expect(stored.value).toBe('violates');
    core.close();
  });
});
