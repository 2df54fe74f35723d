import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { categorySuggester } from './category-rules';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';

const tempDir = useTempDir();

async function coreWithMini(taxonomy: { code: string; name: string; family: string }[]) {
  const dir = tempDir();
  const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
  const records = miniBundle().map((r) => ('type' in r && r.type === 'taxonomy' ? { ...r, categories: taxonomy } : r));
  await core.invoke('import.files', { paths: [writeBundle(dir, 'mini.jsonl', records)] });
  return core;
}

/** Imports a rollout of one failed step whose traceback ends in `lastLine`. */
async function importFailedStep(core: Core, rollout: string, lastLine: string): Promise<void> {
  const step = {
    type: 'step',
    rollout,
    index: 0,
    command: 'python a.py',
    stderr: `Traceback (most recent call last):\n${lastLine}`,
    exitCode: 1,
    durationMs: 5,
  };
  const rolloutRecord = { type: 'rollout', id: rollout, task: 'task-1', collection: 'pool', agent: 'haiku', seed: 2, grade: 'wrong', score: 0 };
  const { files } = await core.invoke('import.files', { paths: [writeBundle(tempDir(), `${rollout}.jsonl`, [rolloutRecord, step])] });
  expect(files[0]?.error).toBeNull();
}

const taxonomy = [
  { code: 'C02', name: 'Missing column', family: 'crash' },
  { code: 'C06', name: 'API misuse', family: 'crash' },
];

describe('category rules', () => {
  it('suggest a category at import from the default table, beside the human one', async () => {
    const core = await coreWithMini(taxonomy);
    const [event] = await core.invoke('failures.list', { rollout: 'r-1' });
    expect(event).toMatchObject({ exceptionClass: 'KeyError', suggestedCategory: 'C02', category: 'C02' });
    core.close();
  });

  it('suggest nothing when the rule’s category is not in the corpus’s taxonomy', async () => {
    const core = await coreWithMini([{ code: 'C06', name: 'API misuse', family: 'crash' }]);
    const [event] = await core.invoke('failures.list', { rollout: 'r-1' });
    expect(event!.suggestedCategory).toBeNull();
    core.close();
  });

  it('are editable: saving re-suggests every event, and a human category stays', async () => {
    const core = await coreWithMini(taxonomy);
    const saved = await core.invoke('rules.save', { rules: [{ category: 'C06', field: 'message', pattern: "'agee'" }] });
    expect(saved.rules).toEqual([expect.objectContaining({ position: 1, category: 'C06', enabled: true })]);
    expect(saved.changed).toBeGreaterThan(0);
    const [event] = await core.invoke('failures.list', { rollout: 'r-1' });
    expect(event).toMatchObject({ suggestedCategory: 'C06', category: 'C02' });
    expect(await core.invoke('rules.list', {})).toHaveLength(1);
    core.close();
  });

  it('refuse a bad rule by its position and field, changing nothing', async () => {
    const core = await coreWithMini(taxonomy);
    const before = await core.invoke('rules.list', {});
    await expect(core.invoke('rules.save', { rules: [{ category: 'C02', field: 'message', pattern: '(' }] })).rejects.toThrow(
      /rules\.0\.pattern: not a pattern the linear-time engine \(RE2\) takes: missing closing \)/,
    );
    await expect(core.invoke('rules.save', { rules: [{ category: 'Z99', field: 'kind', pattern: 'crash' }] })).rejects.toThrow(
      /rules\.0\.category: "Z99" is not a category/,
    );
    expect(await core.invoke('rules.list', {})).toEqual(before);
    core.close();
  });

  it('run a catastrophic pattern over a long message in linear time', async () => {
    const core = await coreWithMini(taxonomy);
    const message = `${'a'.repeat(31)}!`;
    await importFailedStep(core, 'r-a', `ValueError: ${message}`);
    // A backtracking engine takes seconds on these 31 letters and twice as long for each one more.
    const started = performance.now();
    await core.invoke('rules.save', {
      rules: [
        { category: 'C02', field: 'message', pattern: '^(a|a)+$' },
        { category: 'C06', field: 'message', pattern: '^(a|a)+!$' },
      ],
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    const [event] = await core.invoke('failures.list', { rollout: 'r-a' });
    expect(event).toMatchObject({ message, suggestedCategory: 'C06' });
    core.close();
  });

  it('refuse a backreference or lookaround, naming the rule, and skip such a rule stored before without failing', async () => {
    const core = await coreWithMini(taxonomy);
    for (const pattern of ['(a)\\1', '(?=Key)Error', '(?<!x)KeyError']) {
      await expect(core.invoke('rules.save', { rules: [{ category: 'C02', field: 'exception_class', pattern }] }), pattern).rejects.toThrow(
        /^rules\.0\.pattern: not a pattern the linear-time engine \(RE2\) takes: .*backreferences and lookaround are not supported$/,
      );
    }
    core.db.prepare("INSERT INTO category_rules (position, category, field, pattern) VALUES (0, 'C06', 'exception_class', '(?=Key)Error')").run();
    await importFailedStep(core, 'r-2', "KeyError: 'x'");
    const [event] = await core.invoke('failures.list', { rollout: 'r-2' });
    expect(event).toMatchObject({ exceptionClass: 'KeyError', suggestedCategory: 'C02' });
    expect((await core.invoke('rules.list', {})).map((r) => r.pattern)).toContain('(?=Key)Error');
    core.close();
  });

  it('suggest the first rule in position order across fields, the same for a subject seen before', async () => {
    const core = await coreWithMini(taxonomy);
    core.db.exec('DELETE FROM category_rules');
    const rule = core.db.prepare('INSERT INTO category_rules (position, category, field, pattern) VALUES (?, ?, ?, ?)');
    rule.run(1, 'C06', 'message', 'agee');
    rule.run(2, 'C02', 'exception_class', '^KeyError$');
    rule.run(3, 'C06', 'exception_class', 'Error');
    const suggest = categorySuggester(core.db);
    const subject = { kind: 'crash', exception_class: 'KeyError', message: "'agee'", traceback: null, command: null };
    const other = { ...subject, message: "'age'" };
    for (let round = 0; round < 2; round++) {
      expect(suggest(subject), `round ${round}`).toBe('C06');
      expect(suggest(other), `round ${round}`).toBe('C02');
      expect(suggest({ ...other, exception_class: 'ValueError' }), `round ${round}`).toBe('C06');
      expect(suggest({ ...other, exception_class: null }), `round ${round}`).toBeNull();
    }
    core.close();
  });
});
