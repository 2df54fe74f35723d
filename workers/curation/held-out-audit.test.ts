import { describe, expect, it } from 'vitest';
import { auditOrigins, heldOutMessage } from './held-out-audit';

describe('held-out-origin audit', () => {
  const row = (rubric: string, rollout: string, task: string | null, benchmark: string | null, role: 'mining' | 'held_out' | null) => ({
    rubric,
    title: `T ${rubric}`,
    rollout,
    task,
    benchmark,
    role,
  });

  it('fails on any held-out source, naming rubric and task, and lists untraceable sources without failing', () => {
    const result = auditOrigins([
      row('rb-1', 'r-1', 'dabench-17', 'infiagent-dabench', 'mining'),
      row('rb-2', 'r-1', 'dabench-17', 'infiagent-dabench', 'mining'),
      row('rb-2', 'r-9', 'spaceship-titanic', 'mle-bench', 'held_out'),
      row('rb-3', 'r-x', null, null, null),
    ]);
    expect(result).toEqual({
      passed: false,
      violations: [{ rubric: 'rb-2', title: 'T rb-2', rollout: 'r-9', task: 'spaceship-titanic', benchmark: 'mle-bench' }],
      unresolved: [{ rubric: 'rb-3', title: 'T rb-3', rollout: 'r-x', task: null }],
    });
    expect(heldOutMessage('quota-x', result.violations)).toBe(
      'library quota-x fails its build: 1 rubric(s) fed by a held-out benchmark: rubric rb-2 "T rb-2" from task spaceship-titanic (held-out benchmark mle-bench, rollout r-9)',
    );
    expect(auditOrigins([row('rb-1', 'r-1', 't', 'b', 'mining')]).passed).toBe(true);
  });
});
