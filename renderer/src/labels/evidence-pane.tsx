import type { CheckedCitation, LabelEvidence, LabelTarget } from '../../../common/labels/labels';
import { useOperation } from '../api/use-operation';
import { rubricViewTables } from '../api/view-tables';
import { GradeBadge } from '../components/grade-badge';
import { LoadingState } from '../components/loading-state';
import type { Grade } from '../../../common/corpus/corpus-types';
import { formatHash } from '../router/route';
import { LabelValue } from '../rubrics';
import { reportError } from '../app-state/app-store';
import { useLabelQueueStore } from './label-queue-store';
import { ProgramLines } from './program-lines';

const problems: Record<NonNullable<CheckedCitation['problem']>, string> = {
  wrong_program_citation: 'wrong program citation',
  quote_not_found: 'quote not in these lines',
  missing_program: 'program not in this corpus',
};

function Citation({ citation }: { citation: CheckedCitation }) {
  return (
    <li className="citation" data-testid="citation" data-grounded={citation.grounded}>
      <div>
        {citation.grounded ? <span className="badge badge-ok">grounded</span> : <span className="badge badge-fail">{problems[citation.problem!]}</span>}{' '}
        <code>{citation.quote}</code>
        {citation.foundIn && (
          <span className="muted">
            {' '}
            — found in {citation.foundIn.rollout} {citation.foundIn.path} v{citation.foundIn.version}:{citation.foundIn.line}
          </span>
        )}
      </div>
      {citation.excerpt && <ProgramLines excerpt={citation.excerpt} title={`cited lines ${citation.lines[0]}–${citation.lines[1]}`} />}
    </li>
  );
}

function Others({ evidence, schema }: { evidence: LabelEvidence; schema: string }) {
  if (evidence.others === null) {
    return <p className="muted blind-note">Hidden until you label this item (blind mode): other auditors’ labels and CWM verdicts.</p>;
  }
  return (
    <>
      {evidence.others.length === 0 ? (
        <p className="muted">No other annotator has labelled it.</p>
      ) : (
        <ul className="others" data-testid="other-labels">
          {evidence.others.map((l) => (
            <li key={l.id}>
              <strong>{l.annotator}</strong> <LabelValue schema={schema} value={l.value} />{' '}
              {l.reasons.map((r) => (
                <span key={r} className="reason-chip mono">
                  {r}
                </span>
              ))}
              {l.note && <span className="muted"> “{l.note}”</span>}
            </li>
          ))}
        </ul>
      )}
      <h3>CWM verdicts</h3>
      {evidence.verdicts && evidence.verdicts.length > 0 ? (
        <ul className="others">
          {evidence.verdicts.map((v, i) => (
            <li key={i}>
              <span className="mono">{v.verdict}</span> on {v.program.rollout} {v.program.path} v{v.program.version}
              {v.rationale && <span className="muted"> — {v.rationale}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No CWM verdicts on this rubric yet.</p>
      )}
    </>
  );
}

/**
 * The evidence for an item without leaving the queue: the rubric's source rollouts, the program
 * lines their failures point to, its citations checked against the programs they name, and
 * (once blind mode allows) what other auditors and the CWM said.
 */
export function EvidencePane({ target, schema }: { target: LabelTarget; schema: string }) {
  const request = useLabelQueueStore((s) => s.request);
  // Fetched again after label writes too: blind mode shows the others' labels once this one is in.
  const { data: evidence } = useOperation(
    'labels.evidence',
    request && { schema: request.schema, annotator: request.annotator, target, blind: request.blind },
    { tables: rubricViewTables, onError: reportError },
  );
  if (!evidence) return <LoadingState label="Loading evidence…" />;
  return <EvidenceView evidence={evidence} schema={schema} />;
}

/** The evidence sections of one item, wherever it was loaded (the queue, adjudication). */
export function EvidenceView({ evidence, schema }: { evidence: LabelEvidence; schema: string }) {
  return (
    <section className="evidence-pane" data-testid="evidence-pane" aria-label="Evidence" tabIndex={0}>
      <h3>Source rollouts</h3>
      <ul className="support-list">
        {evidence.support.map((s) => (
          <li key={s.rollout}>
            {s.inCorpus ? (
              <a href={formatHash({ name: 'rollout', id: s.rollout, step: null })} className="mono" tabIndex={-1}>
                {s.rollout}
              </a>
            ) : (
              <span className="mono muted">{s.rollout} (not in this corpus)</span>
            )}{' '}
            <span className="mono muted">{s.task}</span> {s.inCorpus && <GradeBadge grade={s.grade as Grade | null} />}
          </li>
        ))}
        {evidence.support.length === 0 && <li className="muted">No source rollouts recorded.</li>}
      </ul>
      <h3>Citations</h3>
      {evidence.citations.length === 0 ? (
        <p className="muted">The rubric cites no program lines.</p>
      ) : (
        <ul className="citations">
          {evidence.citations.map((c, i) => (
            <Citation key={i} citation={c} />
          ))}
        </ul>
      )}
      <h3>Program lines of the failures</h3>
      {evidence.failures.length === 0 ? (
        <p className="muted">No failures recorded in the source rollouts.</p>
      ) : (
        evidence.failures.map((f, i) =>
          f.excerpt ? (
            <ProgramLines key={i} excerpt={f.excerpt} title={`${f.exceptionClass ?? f.kind}${f.message ? `: ${f.message.split('\n')[0]}` : ''}`} />
          ) : (
            <p key={i} className="failure-line">
              <span className="mono">{f.rollout}</span> {f.step === null ? 'at grading' : `step ${f.step}`} · {f.kind}
              {f.message && <span className="muted"> — {f.message.split('\n')[0]}</span>}
            </p>
          ),
        )
      )}
      <h3>Other auditors</h3>
      <Others evidence={evidence} schema={schema} />
    </section>
  );
}
