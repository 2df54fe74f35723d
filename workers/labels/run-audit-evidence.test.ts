import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql as runAuditV2 } from '../db/migrations/012-run-audit-v2';
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
type Audit = Record<string, { status: string; evidence: string; impact: string }>;
const audit = (changes: Audit): Audit => ({ ...Object.fromEntries(scopes.map((s) => [s, { status: 'not_checked', evidence: '', impact: '' }])), ...changes });
const target = { kind: 'rollout' as const, id: 'r-0001' };
const csvQuoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

describe('run_audit v2: evidence and impact for Confirmed and Inconclusive', () => {
  it('is the newest run_audit, with a guideline for every scope', async () => {
    const core = await sampleCore(tempDir());
    const schema = (await core.invoke('labels.schemas', {})).find((s) => s.name === 'run_audit')!;
    expect(schema.version).toBe(2);
    expect(schema.definition).toMatchObject({ evidenceRequiredFor: ['confirmed', 'inconclusive'], impactRequiredFor: ['confirmed', 'inconclusive'] });
    const rule = schema.definition.value;
    expect(rule.kind === 'scopes' && rule.scopes.every((s) => s.guideline.length > 20)).toBe(true);
    core.close();
  });

  it('labels.add and adjudication refuse a Confirmed scope without evidence and an Inconclusive one without impact, naming the field', async () => {
    const core = await sampleCore(tempDir());
    const add = (value: Audit, adjudication = false) => core.invoke('labels.add', { annotator: 'cara', schema: 'run_audit', target, value, adjudication });
    await expect(add(audit({ dataset: { status: 'confirmed', evidence: '', impact: 'scores inflated' } }))).rejects.toThrow(
      'labels.add: value.dataset.evidence: Dataset and data sources (dataset) is Confirmed, which needs evidence (run_audit version 2)',
    );
    await expect(add(audit({ evaluator: { status: 'inconclusive', evidence: 'first128 vs full175', impact: '  ' } }))).rejects.toThrow(
      'value.evaluator.impact',
    );
    await expect(add(audit({ dataset: { status: 'confirmed', evidence: '', impact: '' } }), true)).rejects.toThrow('value.dataset.evidence');
    const saved = await add(
      audit({
        dataset: { status: 'confirmed', evidence: 'train.csv holds the test rows', impact: 'scores inflated' },
        network: { status: 'clean', evidence: '', impact: '' },
      }),
    );
    expect(saved).toMatchObject({ schemaVersion: 2, needsReview: false });
    expect((await core.invoke('labels.history', { annotator: 'cara', schema: 'run_audit' })).total).toBe(1);
    core.close();
  });

  it('refuses a label file whose audit breaks the rule of its version, naming line and scope; imports and flags one made under version 1', async () => {
    const dir = tempDir();
    const core = await sampleCore(dir);
    const record = (at: string, extra: object) =>
      JSON.stringify({
        type: 'label',
        annotator: 'dan',
        schema: 'run_audit',
        target,
        value: audit({ submission_timing: { status: 'confirmed', evidence: '', impact: '' } }),
        reasons: [],
        note: '',
        at,
        ...extra,
      });
    const fine = JSON.stringify({
      type: 'label',
      annotator: 'dan',
      schema: 'run_audit',
      target: { kind: 'rollout', id: 'r-0002' },
      value: audit({}),
      reasons: [],
      note: '',
      at: '2026-11-01T00:00:00.000Z',
      schemaVersion: 2,
    });
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, `${fine}\n${record('2026-11-02T00:00:00.000Z', { schemaVersion: 2 })}\n`);
    const old = join(dir, 'old.jsonl');
    writeFileSync(old, `${record('2026-11-03T00:00:00.000Z', { schemaVersion: 1 })}\n`);
    const result = await core.invoke('labels.import', { paths: [bad, old] });
    expect(result.files[0]!.error!.message).toContain(
      'bad.jsonl:2 field "value.submission_timing.evidence": Submission timing (submission_timing) is Confirmed, which needs evidence under run_audit version 2',
    );
    expect(result.files[1]).toMatchObject({ labels: 1, error: null });
    const history = (await core.invoke('labels.history', { annotator: 'dan' })).labels;
    // Nothing of the refused file landed; the version-1 label is kept as it was, flagged.
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ schemaVersion: 1, needsReview: true });
    expect((history[0]!.value as Audit).submission_timing).toEqual({ status: 'confirmed', evidence: '', impact: '' });

    const csv = join(dir, 'bad.csv');
    writeFileSync(
      csv,
      `annotator,schema,target_kind,target_id,value,reasons,note,at\ndan,run_audit,rollout,r-0003,${csvQuoted(JSON.stringify(audit({ network: { status: 'inconclusive', evidence: 'pip log', impact: '' } })))},,,2026-11-04T00:00:00.000Z\n`,
    );
    const refused = await core.invoke('labels.import', { paths: [csv] });
    expect(refused.files[0]!.error!.message).toContain('bad.csv:2 field "value.network.impact"');
    core.close();
  });

  it('flags older labels that break a newer rule for review and never rewrites them', async () => {
    const core = await sampleCore(tempDir());
    // A v1-era label, written as an older workbench would have stored it; then the migration's text runs again (run_audit version 3, same rule).
    core.db
      .prepare(
        "INSERT INTO labels (annotator, schema_name, target_kind, target_id, value, made_at, record_hash, extra) VALUES ('eve', 'run_audit', 'rollout', 'r-0001', ?, '2026-10-01T00:00:00.000Z', 'x', ?)",
      )
      .run(JSON.stringify(audit({ dataset: { status: 'confirmed', evidence: '', impact: '' } })), JSON.stringify({ schemaVersion: 1 }));
    core.db.exec(runAuditV2);
    const [label] = (await core.invoke('labels.history', { annotator: 'eve' })).labels;
    expect(label).toMatchObject({ needsReview: true, value: audit({ dataset: { status: 'confirmed', evidence: '', impact: '' } }) });

    // A new schema version that asks evidence of a clean scope flags the audits that lack it.
    await core.invoke('labels.add', {
      annotator: 'cara',
      schema: 'run_audit',
      target,
      value: audit({ dataset: { status: 'clean', evidence: '', impact: '' } }),
    });
    const schema = (await core.invoke('labels.schemas', {})).find((s) => s.name === 'run_audit')!;
    await core.invoke('labels.schemaSave', {
      name: 'run_audit',
      definition: { ...schema.definition, evidenceRequiredFor: ['confirmed', 'inconclusive', 'clean'] },
    });
    const [cara] = (await core.invoke('labels.history', { annotator: 'cara' })).labels;
    expect(cara).toMatchObject({ needsReview: true, schemaVersion: 3 });
    core.close();
  });
});
