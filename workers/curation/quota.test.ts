import { describe, expect, it } from 'vitest';
import type { MinerAnswer } from './candidates';
import { ShownPrograms } from './citations';
import { countFunnel } from './funnel';
import { checkProposal } from './proposal-checks';
import { curateQuota, type QuotaUnit } from './quota';
import { formatRubricText } from './rubric-format';
import { mineWholeRollouts } from './whole-rollout';

const program = { sha256: 'f'.repeat(64), text: 'import pandas as pd\ndf = pd.read_csv("train.csv")\nprint(df["Age"].mean())\n' };
const programs = new ShownPrograms([program]);
const categories = new Set(['C01', 'C02', 'C03']);
const good = { program: program.sha256, lineStart: 3, lineEnd: 3, quote: 'df["Age"]' };

/** A proposal whose text is `words` as title, applies when and pattern, checked like a miner's. */
function proposal(words: string, category: string, options: { focus?: string; broken?: boolean; cite?: typeof good } = {}) {
  const text = options.broken ? `### ${words}\n- **Pattern**: ${words}` : formatRubricText({ title: words, appliesWhen: words, pattern: words, fix: null });
  return checkProposal({ text, family: 'error', category, citations: [options.cite ?? good] }, { programs, categories, focusCategory: options.focus });
}

const answer = (...proposals: ReturnType<typeof proposal>[]): MinerAnswer => ({ ok: true, proposals });

describe('proposal checks', () => {
  it('keeps every reason a proposal fails', () => {
    // The quote is in the shown program, attributed to one that was never shown.
    const wrong = { program: 'e'.repeat(64), lineStart: 1, lineEnd: 1, quote: 'df["Age"]' };
    expect(proposal('a b c', 'C09', { focus: 'C01', broken: true, cite: wrong }).reasons).toEqual([
      'format',
      'unknown_category',
      'wrong_program_citation',
      'off_category',
    ]);
    const unanchored = { ...good, lineStart: 1, lineEnd: 1 };
    expect(proposal('a b c', 'C01', { cite: unanchored }).reasons).toEqual(['ungrounded_citation']);
    const uncited = checkProposal(
      { text: formatRubricText({ title: 't', appliesWhen: 'a', pattern: 'p', fix: null }), family: 'error', category: 'C01', citations: [] },
      { programs, categories },
    );
    expect(uncited.reasons).toEqual(['no_citation']);
    expect(proposal('a b c', 'C01').reasons).toEqual([]);
  });
});

describe('Quota curation', () => {
  const unit = (failure: number, category: string, rollout = `r-${failure}`): QuotaUnit => ({ failure, rollout, task: `t-${rollout}`, category });

  it('fills each category to its quota, stops a covered category early, and records every fate', async () => {
    const script = new Map<number, MinerAnswer>([
      // C01 (quota 2): one new rubric and one malformed; then two failures that teach nothing new.
      [
        1,
        answer(
          proposal('missing lightgbm package in the sandbox', 'C01', { focus: 'C01' }),
          proposal('broken text here', 'C01', { focus: 'C01', broken: true }),
        ),
      ],
      [2, answer(proposal('missing lightgbm package in the sandbox', 'C01', { focus: 'C01' }))],
      [3, { ok: false, reason: 'http', message: 'HTTP 500' }],
      [4, answer(proposal('missing lightgbm package in the sandbox', 'C01', { focus: 'C01' }))],
      [5, answer(proposal('never asked for', 'C01', { focus: 'C01' }))],
      // C02 (quota 1): two new rubrics from one failure, the second over quota; then full.
      [11, answer(proposal('a column typed from memory', 'C02', { focus: 'C02' }), proposal('a column present only in train', 'C02', { focus: 'C02' }))],
      [12, answer(proposal('never asked either', 'C02', { focus: 'C02' }))],
    ]);
    const asked: number[] = [];
    const result = await curateQuota({
      quotas: [
        { category: 'C01', share: 0.5, exact: 1.5, quota: 2 },
        { category: 'C02', share: 0.4, exact: 1.2, quota: 1 },
        { category: 'C03', share: 0.1, exact: 0.3, quota: 0 },
      ],
      failures: new Map([
        ['C01', [unit(1, 'C01'), unit(2, 'C01'), unit(3, 'C01'), unit(4, 'C01'), unit(5, 'C01')]],
        ['C02', [unit(11, 'C02'), unit(12, 'C02')]],
        ['C03', [unit(21, 'C03')]],
      ]),
      threshold: 0.6,
      stopAfterCovered: 2,
      mine: async (u) => {
        asked.push(u.failure);
        return script.get(u.failure)!;
      },
    });
    expect(asked.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 11]);
    expect(result.rubrics.map((r) => [r.category, r.rubric.title, r.support.map((s) => s.rollout)])).toEqual([
      // Failures 2 and 4 were covered by the first rubric: their rollouts joined its support.
      ['C01', 'missing lightgbm package in the sandbox', ['r-1', 'r-2', 'r-4']],
      ['C02', 'a column typed from memory', ['r-11']],
    ]);
    expect(result.categories.map((c) => [c.category, c.quota, c.failures, c.asked, c.failedCalls, c.covered, c.filled, c.stop])).toEqual([
      ['C01', 2, 5, 4, 1, 2, 1, 'covered'],
      ['C02', 1, 2, 1, 0, 0, 1, 'full'],
      ['C03', 0, 1, 0, 0, 0, 0, 'no_quota'],
    ]);
    expect(result.proposals.map((p) => p.reasons)).toEqual([[], ['format'], ['duplicate'], ['duplicate'], [], ['over_quota']]);
    expect(result.proposals[2]!.duplicateOf).toBe('missing lightgbm package in the sandbox');
    expect(countFunnel(result.proposals)).toEqual({
      proposed: 6,
      passedChecks: 5,
      unique: 3,
      accepted: 2,
      reasons: { format: 1, duplicate: 2, over_quota: 1 },
    });
    expect(result.units.find((u) => u.failure === 3)).toMatchObject({ outcome: 'failed', reason: 'http', kept: 0 });
  });

  it('folds near-duplicates across categories in code order, whatever order answers arrive in', async () => {
    const slow = (ms: number, value: MinerAnswer) => new Promise<MinerAnswer>((resolve) => setTimeout(() => resolve(value), ms));
    const result = await curateQuota({
      quotas: [
        { category: 'C01', share: 0.5, exact: 1, quota: 1 },
        { category: 'C02', share: 0.5, exact: 1, quota: 1 },
      ],
      failures: new Map([
        ['C01', [unit(1, 'C01')]],
        ['C02', [unit(2, 'C02')]],
      ]),
      threshold: 0.6,
      stopAfterCovered: 1,
      // C01 answers last, yet keeps the rubric: C02's near-duplicate folds into it.
      mine: (u) =>
        u.failure === 1 ? slow(30, answer(proposal('one lesson in two categories', 'C01'))) : slow(0, answer(proposal('one lesson in two categories', 'C02'))),
    });
    expect(result.rubrics.map((r) => [r.category, r.support.map((s) => s.rollout)])).toEqual([['C01', ['r-1', 'r-2']]]);
    expect(result.categories.map((c) => c.filled)).toEqual([1, 0]);
    expect(result.proposals.map((p) => p.reasons)).toEqual([[], ['duplicate']]);
    expect(result.units.map((u) => u.kept)).toEqual([1, 0]);
  });
});

describe('whole-rollout mining', () => {
  it('merges answers in unit order and reports failed units', async () => {
    const answers: Record<string, MinerAnswer> = {
      'r-1': answer(proposal('lesson one about columns and names', 'C02'), proposal('lesson two about packages', 'C01')),
      'r-2': { ok: false, reason: 'schema_invalid', message: 'bad' },
      'r-3': answer(proposal('lesson one about columns and names', 'C02')),
    };
    const result = await mineWholeRollouts({
      units: [
        { rollout: 'r-1', task: 't' },
        { rollout: 'r-2', task: 't' },
        { rollout: 'r-3', task: 'u' },
      ],
      threshold: 0.6,
      mine: async (u) => answers[u.rollout]!,
    });
    expect(result.rubrics.map((r) => [r.rubric.title, r.support])).toEqual([
      [
        'lesson one about columns and names',
        [
          { rollout: 'r-1', task: 't' },
          { rollout: 'r-3', task: 'u' },
        ],
      ],
      ['lesson two about packages', [{ rollout: 'r-1', task: 't' }]],
    ]);
    expect(result.units.map((u) => [u.unit, u.outcome, u.proposals, u.kept])).toEqual([
      ['r-1', 'mined', 2, 2],
      ['r-2', 'failed', 0, 0],
      ['r-3', 'mined', 1, 0],
    ]);
    expect(countFunnel(result.proposals)).toMatchObject({ proposed: 3, passedChecks: 3, unique: 2, accepted: 2 });
  });
});
