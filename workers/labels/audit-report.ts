/**
 * A run audit as a Markdown report (the format of the seeds' audit sections): the run's
 * identity, one table row per scope with its classification, evidence and impact, a summary
 * of what was confirmed, inconclusive and not checked, and the evidence as `rwb` commands
 * (the rollout, and every step the evidence names), which work wherever the report is read
 * beside a copy of the corpus, unlike links into the app.
 */
import type { RunAuditValue } from '../../common/labels/label-schema';
import type { RunAuditReport, StoredLabel } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';
import { getRollout } from '../corpus/rollout-queries';
import { currentLabels, labelColumns, toStoredLabel, type LabelRow } from './label-rows';
import { getSchema } from '../label-schemas/label-schemas';

/** A table cell: pipes escaped, line breaks as spaces, empty as a dash. */
const cell = (text: string) =>
  text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim() || '—';

/** A rollout id as one shell word: quoted when it holds anything but plain id characters. */
const shellWord = (text: string) => (/^[\w.:@/-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

function markdown(db: Db, rollout: string, audit: StoredLabel): string {
  const detail = getRollout(db, rollout);
  const schema = getSchema(db, 'run_audit', audit.schemaVersion ?? undefined);
  const rule = schema.definition.value;
  if (rule.kind !== 'scopes') throw new Error('the run_audit schema is not a scopes schema');
  const value = audit.value as RunAuditValue;
  const statusLabel = new Map(rule.statuses.map((s) => [s.value, s.label]));
  const rows = rule.scopes.map((s) => ({ scope: s, entry: value[s.value] ?? { status: 'not_checked', evidence: '', impact: '' } }));
  const by = (status: string) => rows.filter((r) => r.entry.status === status).map((r) => r.scope.label);
  const steps = new Set<number>();
  for (const { entry } of rows) for (const match of `${entry.evidence} ${entry.impact}`.matchAll(/\bsteps? #?(\d+)/gi)) steps.add(Number(match[1]));

  const lines = [
    `# Run audit: ${detail.id}`,
    '',
    `- Task: ${detail.taskId} (${detail.benchmarkId}, ${detail.benchmarkRole.replace('_', ' ')})`,
    `- Collection: ${detail.collectionName ?? detail.collectionId ?? '—'} · agent ${detail.agent ?? '—'} · seed ${detail.seed ?? '—'}`,
    `- Grade: ${detail.grade ?? 'ungraded'}${detail.score === null ? '' : ` · score ${detail.score}`}`,
    `- Audited by ${audit.annotator} at ${audit.at} (schema ${schema.name} v${schema.version})`,
    '',
    '| Scope | Classification | Observed behavior and evidence | Impact |',
    '|---|---|---|---|',
    ...rows.map(
      ({ scope, entry }) => `| ${cell(scope.label)} | ${statusLabel.get(entry.status) ?? entry.status} | ${cell(entry.evidence)} | ${cell(entry.impact)} |`,
    ),
    '',
  ];
  for (const status of ['confirmed', 'inconclusive', 'not_checked']) {
    const scopes = by(status);
    if (scopes.length) lines.push(`**${statusLabel.get(status) ?? status}:** ${scopes.join('; ')}.`, '');
  }
  const id = shellWord(detail.id);
  lines.push(
    '## Evidence',
    '',
    'Run each command against the corpus this audit was made in: add `--db FILE` unless it is the default corpus.',
    '',
    `- Rollout ${detail.id}: \`rwb failures --rollout ${id}\``,
  );
  for (const step of [...steps].sort((a, b) => a - b)) lines.push(`- Step ${step}: \`rwb failures --rollout ${id} --step ${step}\``);
  for (const p of detail.programs) lines.push(`- Program ${p.path} v${p.version}: sha256 \`${p.sha256}\``);
  return `${lines.join('\n')}\n`;
}

/** The annotator's current run audit of a rollout, the others', and the Markdown of the annotator's. */
export function auditReport(db: Db, rollout: string, annotator: string): RunAuditReport {
  getRollout(db, rollout);
  const rows = db
    .prepare<unknown[], LabelRow>(`SELECT ${labelColumns} FROM labels l WHERE l.schema_name = 'run_audit' AND l.target_kind = 'rollout' AND l.target_id = ?`)
    .all(rollout);
  const current = currentLabels(rows.map(toStoredLabel));
  const mine = current.find((l) => l.annotator === annotator) ?? null;
  return { rollout, mine, others: current.filter((l) => l.annotator !== annotator), markdown: mine ? markdown(db, rollout, mine) : null };
}
