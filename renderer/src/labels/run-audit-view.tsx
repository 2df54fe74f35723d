import { useEffect, useState } from 'react';
import type { RequestOf } from '../../../common/contract';
import { describeMissing, missingRequirements } from '../../../common/labels/label-requirements';
import type { LabelSchema, RunAuditValue } from '../../../common/labels/label-schema';
import { api } from '../api/bridge';
import { useOperation } from '../api/use-operation';
import { LoadingState } from '../components/loading-state';
import { navigate } from '../router/router';
import { reportError } from '../app-state/app-store';
import type { LabelsRoute } from '../router/label-route';
import { MarkdownText } from './markdown-text';
import { RunAuditEvidence } from './run-audit-evidence';
import { TableScroll } from '../components/table-scroll';

/** Every scope of the schema, from a saved audit or not checked. */
function formOf(schema: LabelSchema, saved: unknown): RunAuditValue {
  const rule = schema.definition.value;
  const value = (saved ?? {}) as RunAuditValue;
  if (rule.kind !== 'scopes') return {};
  return Object.fromEntries(rule.scopes.map((s) => [s.value, value[s.value] ?? { status: 'not_checked', evidence: '', impact: '' }]));
}

/**
 * The run audit form (docs/domain.md "Label", run audit): one row per scope with its status,
 * evidence and impact, saved as the annotator's label on the rollout, and the audit as a
 * Markdown report with its evidence links, to copy into a write-up.
 */
export function RunAuditView({ route, schema, annotator }: { route: LabelsRoute; schema: LabelSchema; annotator: string }) {
  const [form, setForm] = useState<RunAuditValue>({});
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const rollout = route.rollout;
  const missing = missingRequirements(schema.definition, form);

  const rollouts = useOperation('rollouts.list', { limit: 1000 }, { onError: reportError }).data?.rows ?? null;
  useEffect(() => {
    if (rollout === null && rollouts?.[0]) navigate({ ...route, rollout: rollouts[0].id }, { replace: true });
  }, [rollout, rollouts, route]);
  const audit = useOperation('labels.auditReport', rollout === null ? null : { rollout, annotator }, {
    onLoad: (r) => setForm(formOf(schema, r.mine?.value)),
    onError: reportError,
  });
  const report = audit.data;

  async function save(): Promise<void> {
    if (rollout === null) return;
    // The schema says what each status needs; the form refuses before the API would.
    setTried(true);
    if (missing.length) return;
    setSaving(true);
    try {
      await api('labels.add', { annotator, schema: schema.name, target: { kind: 'rollout', id: rollout }, value: form as RequestOf<'labels.add'>['value'] });
      audit.replace(await api('labels.auditReport', { rollout, annotator }));
      setTried(false);
    } catch (err) {
      reportError(err);
    } finally {
      setSaving(false);
    }
  }

  const rule = schema.definition.value;
  if (rule.kind !== 'scopes') return <div className="empty-state">The run_audit schema is not a run-audit form.</div>;
  if (rollouts === null || rollout === null) return <LoadingState label="Loading rollouts…" />;
  const set = (scope: string, field: 'status' | 'evidence' | 'impact', text: string) => setForm({ ...form, [scope]: { ...form[scope]!, [field]: text } });
  return (
    <div className="run-audit-view" data-testid="run-audit-view">
      <div className="settings-row">
        <label className="facet">
          <span className="facet-label">Rollout</span>
          <select data-testid="audit-rollout" value={rollout} onChange={(e) => navigate({ ...route, rollout: e.target.value })}>
            {rollouts.map((r) => (
              <option key={r.id} value={r.id}>
                {r.id} · {r.taskId} · {r.grade ?? 'ungraded'}
              </option>
            ))}
          </select>
        </label>
        {report?.others.map((o) => (
          <span key={o.id} className="muted">
            also audited by {o.annotator}
          </span>
        ))}
      </div>
      {schema.definition.guideline && (
        <div className="audit-guideline" data-testid="audit-guideline">
          <MarkdownText text={schema.definition.guideline} />
        </div>
      )}
      {report === null ? (
        <LoadingState label="Loading the audit…" />
      ) : (
        <div className="run-audit-body">
          <div className="run-audit-main">
            <TableScroll label="Audit form">
              <table className="plain-table audit-form">
                <thead>
                  <tr>
                    <th>Scope</th>
                    <th>Classification</th>
                    <th>Observed behavior and evidence</th>
                    <th>Impact</th>
                  </tr>
                </thead>
                <tbody>
                  {rule.scopes.map((scope) => (
                    <tr key={scope.value} data-testid="audit-scope" data-scope={scope.value}>
                      <td>
                        {scope.label}
                        {scope.guideline && (
                          <div className="muted audit-scope-guideline" data-testid="audit-scope-guideline">
                            {scope.guideline}
                          </div>
                        )}
                      </td>
                      <td>
                        <select
                          aria-label={`${scope.label}: classification`}
                          value={form[scope.value]?.status ?? 'not_checked'}
                          onChange={(e) => set(scope.value, 'status', e.target.value)}
                        >
                          {rule.statuses.map((s) => (
                            <option key={s.value} value={s.value}>
                              {s.label}
                            </option>
                          ))}
                        </select>
                      </td>
                      {(['evidence', 'impact'] as const).map((field) => {
                        const status = form[scope.value]?.status ?? 'not_checked';
                        const required = (field === 'evidence' ? schema.definition.evidenceRequiredFor : schema.definition.impactRequiredFor).includes(status);
                        const problem = tried ? missing.find((m) => m.scope === scope.value && m.field === field) : undefined;
                        return (
                          <td key={field}>
                            <textarea
                              aria-label={`${scope.label}: ${field}`}
                              aria-required={required}
                              aria-invalid={problem !== undefined}
                              placeholder={required ? `required when ${status.replace('_', ' ')}` : undefined}
                              rows={2}
                              value={form[scope.value]?.[field] ?? ''}
                              onChange={(e) => set(scope.value, field, e.target.value)}
                            />
                            {problem && (
                              <div className="field-error" data-testid="audit-field-error" data-scope={scope.value} data-field={field}>
                                {describeMissing(problem)}
                              </div>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <div className="settings-row">
              <button type="button" className="button button-primary" disabled={saving} onClick={() => void save()} data-testid="audit-save">
                {report.mine ? 'Save a new version of my audit' : 'Save my audit'}
              </button>
              {tried && missing.length > 0 ? (
                <span className="field-error" data-testid="audit-refused">
                  Not saved: {missing.length} {missing.length === 1 ? 'field is' : 'fields are'} required by {schema.name} version {schema.version}.
                </span>
              ) : (
                report.mine && <span className="saved-mark">✓ saved {new Date(report.mine.at).toLocaleString()}</span>
              )}
              {report.mine?.needsReview && (
                <span className="muted" data-testid="audit-needs-review">
                  ⟳ flagged for review: saved under an older version of the schema, it lacks what the newest requires
                </span>
              )}
            </div>
            {report.markdown && (
              <section className="audit-markdown">
                <div className="settings-row">
                  <h2>Markdown report</h2>
                  <button type="button" className="button" onClick={() => void navigator.clipboard.writeText(report.markdown!).catch(reportError)}>
                    Copy
                  </button>
                  <span className="muted">
                    or{' '}
                    <code>
                      rwb labels audit-report --rollout {rollout} --annotator {annotator} --out FILE
                    </code>
                  </span>
                </div>
                <pre data-testid="audit-markdown" tabIndex={0}>
                  {report.markdown}
                </pre>
              </section>
            )}
          </div>
          <RunAuditEvidence rollout={rollout} />
        </div>
      )}
    </div>
  );
}
