import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { sampleCore } from './test-support/label-test-kit';

const tempDir = useTempDir();

const scopes = [
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
];

describe('labels.auditReport', () => {
  it('writes the annotator’s run audit as a Markdown table with a summary and evidence links', async () => {
    const core = await sampleCore(tempDir());
    const value = Object.fromEntries(scopes.map((s) => [s, { status: 'clean', evidence: '', impact: '' }]));
    value.submission_timing = { status: 'confirmed', evidence: 'submit.json: 2,322 s left;\nstep 4 was never evaluated', impact: 'exploration | cut short' };
    value.evaluator = { status: 'inconclusive', evidence: 'first128 vs full175 (see steps 2)', impact: 'scores may not compare' };
    value.network = { status: 'not_checked', evidence: '', impact: '' };
    expect((await core.invoke('labels.auditReport', { rollout: 'r-0001', annotator: 'cara' })).markdown).toBeNull();
    await core.invoke('labels.add', { annotator: 'cara', schema: 'run_audit', target: { kind: 'rollout', id: 'r-0001' }, value });

    const report = await core.invoke('labels.auditReport', { rollout: 'r-0001', annotator: 'cara' });
    expect(report.mine).toMatchObject({ annotator: 'cara', schema: 'run_audit' });
    const md = report.markdown!;
    expect(md).toMatch(/^# Run audit: r-0001\n/);
    expect(md).toContain('| Scope | Classification | Observed behavior and evidence | Impact |');
    expect(md).toContain('| Submission timing | Confirmed | submit.json: 2,322 s left; step 4 was never evaluated | exploration \\| cut short |');
    expect(md).toContain('| Dataset and data sources | Clean | — | — |');
    expect(md).toContain('**Confirmed:** Submission timing.');
    expect(md).toContain('**Inconclusive:** Evaluator, metric and direction.');
    expect(md).toContain('**Not checked:** External data, network and extra models.');
    // Evidence as commands that work outside the app, never in-app links.
    expect(md).toContain('- Rollout r-0001: `rwb failures --rollout r-0001`');
    expect(md).toContain('- Step 2: `rwb failures --rollout r-0001 --step 2`\n- Step 4: `rwb failures --rollout r-0001 --step 4`');
    expect(md).not.toContain('#/');
    expect(md).toMatch(/- Program \S+ v\d+: sha256 `[0-9a-f]{64}`/);
    expect((await core.invoke('labels.auditReport', { rollout: 'r-0001', annotator: 'dan' })).others).toHaveLength(1);
    core.close();
  });
});
