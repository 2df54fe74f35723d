import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openCorpus } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { corpusStats } from '../corpus/corpus-queries';
import { useTempDir } from '../test-support/temp-dir';
import { writeBundle } from '../test-support/write-bundle';
import { exportBundle } from './bundle-export';

const tempDir = useTempDir();
const agents = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/agents');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A high and a low half of an emoji, each alone: what an agent's output limit leaves behind. */
const hi = '\ud83d';
const lo = '\ude00';
const s = (text: string) => `${text} ${hi}|${lo}`;

/** A bundle with a lone surrogate in every string field the format carries. */
function loneBundle(): Record<string, unknown>[] {
  const rollout = s('r');
  return [
    {
      type: 'taxonomy',
      version: s('v'),
      categories: [{ code: s('C'), name: s('Missing column'), family: s('crash'), parent: s('P'), guideline: s('look'), hint: s('extra') }],
    },
    { type: 'benchmark', id: s('b'), name: s('Bench'), discipline: 'ml', role: 'mining', note: s('unknown field') },
    {
      type: 'task',
      id: s('t'),
      benchmark: s('b'),
      statement: s('Mean age'),
      metric: s('accuracy'),
      higherIsBetter: true,
      facts: { files: [{ path: s('train.csv'), columns: [{ name: s('Age'), dtype: s('int') }] }], packages: [s('pandas')] },
    },
    { type: 'collection', id: s('pool'), name: s('Pool'), createdAt: s('2026-09-01'), agent: s('haiku') },
    {
      type: 'rollout',
      id: rollout,
      task: s('t'),
      collection: s('pool'),
      agent: s('haiku'),
      seed: 1,
      grade: 'wrong',
      score: 0.1,
      submitted: s('answer.csv'),
      graderVerdict: s('wrong column'),
    },
    { type: 'program', rollout, path: s('solution.py'), version: 0, content: s('print(1)') },
    {
      type: 'step',
      rollout,
      index: 0,
      command: s('python solution.py'),
      stdout: s('out'),
      stderr: s('Traceback (most recent call last):\nKeyError'),
      exitCode: 1,
      program: { path: s('solution.py'), version: 0 },
    },
    { type: 'failure', rollout, step: 0, category: s('C'), cause: s('typo') },
    { type: 'failure', rollout, step: null, kind: 'wrong_answer', category: s('C'), cause: s('wrong column'), message: s('grader') },
    { type: 'failure', rollout, step: null, kind: 'buggy', message: s('the agent says it is buggy') },
    {
      type: 'rubric',
      id: s('rb'),
      title: s('Check column names'),
      appliesWhen: s('reading CSV'),
      pattern: s('misspelt column'),
      fix: s('print df.columns'),
      family: 'error',
      category: s('C'),
      support: [{ rollout, task: s('t') }],
      miner: s('whole-rollout'),
    },
    { type: 'library', id: s('lib'), name: s('Lib'), method: 'hand-curated', builtAt: s('2026-09-20'), params: { [s('k')]: s('v') }, rubrics: [s('rb')] },
    {
      type: 'label',
      annotator: s('ana'),
      schema: 'category',
      target: { kind: 'rubric', id: s('rb') },
      value: s('C'),
      reasons: [s('because')],
      note: s('a note'),
      at: s('2026-10-01T12:00:00Z'),
    },
    {
      type: 'case',
      id: s('case'),
      task: s('t'),
      program: { rollout, path: s('solution.py'), version: 0 },
      command: s('python solution.py'),
      timeoutS: 10,
      score: { from: 'stdout', regex: s('score=(\\d+)') },
      dataDir: s('data'),
    },
    { type: 'experiment', id: s('exp'), name: s('Exp'), arms: [s('base')], repeats: 1 },
    { type: 'attempt', experiment: s('exp'), case: s('case'), arm: s('base'), repeat: 0, status: 'succeeded', exitCode: 0, host: s('node-1') },
  ];
}

const records = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('lone UTF-16 surrogates in every string field', () => {
  it('come back from export as they were imported, and export → import → export is byte-identical', async () => {
    const dir = tempDir();
    const source = writeBundle(dir, 'lone.jsonl', loneBundle());
    const first = openCorpus(join(dir, 'first.db'));
    expect(await importFile(first, source)).toMatchObject({ error: null });
    const exported = join(dir, 'first.jsonl');
    await exportBundle(first, exported);

    const text = readFileSync(exported, 'utf8');
    expect(text).not.toContain('\ufffd');
    const out = records(exported);
    for (const original of loneBundle().filter((r) => r.type !== 'failure' || r.step === null)) {
      expect(out).toContainEqual(expect.objectContaining(original));
    }
    // The step's annotation travels on the failure record of that step.
    expect(out).toContainEqual(expect.objectContaining({ type: 'failure', rollout: s('r'), step: 0, category: s('C'), cause: s('typo') }));

    const second = openCorpus(join(dir, 'second.db'));
    expect(await importFile(second, exported)).toMatchObject({ error: null });
    const reexported = join(dir, 'second.jsonl');
    await exportBundle(second, reexported);
    expect(readFileSync(reexported, 'utf8')).toBe(text);
    expect(corpusStats(second)).toEqual(corpusStats(first));

    // Importing the export into the corpus it came from finds every record already there.
    expect(await importFile(first, exported)).toMatchObject({ rollouts: 0, steps: 0, programs: 0, rubrics: 0, libraries: 0, labels: 0, error: null });
    first.close();
    second.close();
  });
});

describe('lone UTF-16 surrogates in an agent run', () => {
  it('an AIDE journal and a SWE-agent trajectory holding them export as read, and the export re-imports byte-identical', async () => {
    const dir = tempDir();
    const journal = JSON.parse(readFileSync(join(agents, 'a2-aisv2-lnp-stage4.journal.json'), 'utf8')) as Json;
    journal.nodes[0].code = s(journal.nodes[0].code as string);
    journal.nodes[0]._term_out = [s('cut output'), 'Execution time: a second'];
    journal.nodes[1].analysis = s('the analysis');
    const trajectory = JSON.parse(readFileSync(join(agents, 's3-django__django-15127.traj'), 'utf8')) as Json;
    trajectory.trajectory[0].action = s(trajectory.trajectory[0].action as string);
    trajectory.trajectory[0].observation = s('observed');
    const journalPath = join(dir, 'journal.json');
    const trajectoryPath = join(dir, 'run.traj');
    // JSON.stringify escapes a lone surrogate (`\ud83d`), as Python's json does.
    writeFileSync(journalPath, JSON.stringify(journal));
    writeFileSync(trajectoryPath, JSON.stringify(trajectory));
    expect(readFileSync(journalPath, 'utf8')).toContain('\\ud83d|\\ude00');

    const first = openCorpus(join(dir, 'first.db'));
    for (const path of [journalPath, trajectoryPath]) expect(await importFile(first, path)).toMatchObject({ error: null });
    const exported = join(dir, 'first.jsonl');
    await exportBundle(first, exported);
    const text = readFileSync(exported, 'utf8');
    expect(text).not.toContain('\ufffd');
    const out = records(exported);
    const steps = out.filter((r) => r.type === 'step');
    expect(steps).toContainEqual(expect.objectContaining({ command: trajectory.trajectory[0].action, stdout: s('observed') }));
    expect(steps).toContainEqual(expect.objectContaining({ stdout: expect.stringContaining(s('cut output')) as unknown }));
    expect(out).toContainEqual(expect.objectContaining({ type: 'program', content: journal.nodes[0].code }));

    const second = openCorpus(join(dir, 'second.db'));
    expect(await importFile(second, exported)).toMatchObject({ error: null });
    const reexported = join(dir, 'second.jsonl');
    await exportBundle(second, reexported);
    expect(readFileSync(reexported, 'utf8')).toBe(text);
    first.close();
    second.close();
  });
});
