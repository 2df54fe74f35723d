import { describe, expect, it } from 'vitest';
import { countFunnel } from './funnel';

describe('curation funnel', () => {
  it('counts stages and overlapping reasons', () => {
    const funnel = countFunnel([
      { reasons: ['format', 'no_citation'] },
      { reasons: ['wrong_program_citation', 'ungrounded_citation', 'format'] },
      { reasons: [] },
      { reasons: ['duplicate'] },
      { reasons: ['over_quota'] },
      { reasons: [] },
    ]);
    expect(funnel).toEqual({
      proposed: 6,
      passedChecks: 4,
      unique: 3,
      accepted: 2,
      // Funnel order, not input order; the two check failures carry five reasons.
      reasons: { format: 2, no_citation: 1, wrong_program_citation: 1, ungrounded_citation: 1, duplicate: 1, over_quota: 1 },
    });
  });

  it('refuses a proposal rejected at the checks and again later', () => {
    expect(() => countFunnel([{ reasons: ['format', 'duplicate'] }])).toThrow(/failed its checks/);
  });
});
