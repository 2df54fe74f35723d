import { useState } from 'react';
import type { CurationFunnel as Funnel, ProposalFate, RejectionReason } from '../../../common/pipeline/pipeline-types';
import { formatCount } from '../lib/format';
import { CategoryBadge } from '../rubrics';

/** Rejection reasons in funnel order, as a reader would say them. */
const reasonText: Record<RejectionReason, string> = {
  format: 'fails the format check',
  unknown_category: 'names no category of the taxonomy',
  no_citation: 'cites nothing',
  wrong_program_citation: 'cites a program it was not shown',
  ungrounded_citation: 'quote not at the lines it cites',
  off_category: 'outside the category it was asked for',
  duplicate: 'near-duplicate, merged',
  over_quota: 'over its category quota',
};

const stages = [
  ['proposed', 'Proposed'],
  ['passedChecks', 'Passed grounding and format'],
  ['unique', 'Unique after merging'],
  ['accepted', 'Accepted'],
] as const;

function ProposalList({ proposals }: { proposals: ProposalFate[] }) {
  return (
    <ul className="funnel-proposals" data-testid="funnel-proposals">
      {proposals.map((p, i) => (
        <li key={i}>
          <CategoryBadge code={p.category} /> <strong>{p.title ?? <span className="muted">(no title)</span>}</strong>{' '}
          <span className="mono muted">{p.unit}</span>
          {[...p.formatProblems, ...p.citationProblems].length > 0 && (
            <span className="muted"> · {[...p.formatProblems, ...p.citationProblems].map((x) => x.replace(/_/g, ' ')).join(', ')}</span>
          )}
          {p.duplicateOf !== null && <span className="muted"> · merged into “{p.duplicateOf}”</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The curation funnel: how many rubrics were proposed, passed the checks, stayed unique and
 * were accepted, and why the others were not. With the run's proposals, each reason opens the
 * proposals it rejected, so every count can be read row by row.
 */
export function CurationFunnel({ funnel, proposals }: { funnel: Funnel; proposals: ProposalFate[] | null }) {
  const [open, setOpen] = useState<RejectionReason | null>(null);
  const reasons = (Object.keys(reasonText) as RejectionReason[]).filter((r) => (funnel.reasons[r] ?? 0) > 0);
  const widest = Math.max(funnel.proposed, 1);
  return (
    <div className="curation-funnel" data-testid="curation-funnel">
      <ol className="funnel-stages">
        {stages.map(([key, label]) => (
          <li key={key} data-testid="funnel-stage" data-stage={key} data-count={funnel[key]}>
            <span className="funnel-label">{label}</span>
            <span className="funnel-bar" aria-hidden="true">
              <span style={{ width: `${(funnel[key] / widest) * 100}%` }} />
            </span>
            <span className="num">{formatCount(funnel[key])}</span>
          </li>
        ))}
      </ol>
      {reasons.length > 0 && (
        <div className="funnel-reasons">
          <span className="muted">Why not accepted (a proposal can have several reasons):</span>
          <ul>
            {reasons.map((reason) => {
              const rejected = proposals?.filter((p) => p.reasons.includes(reason)) ?? null;
              return (
                <li key={reason} data-testid="funnel-reason" data-reason={reason} data-count={funnel.reasons[reason]}>
                  {rejected === null || rejected.length === 0 ? (
                    <span>
                      {reasonText[reason]}: <strong>{formatCount(funnel.reasons[reason] ?? 0)}</strong>
                    </span>
                  ) : (
                    <button type="button" className="link-button" aria-expanded={open === reason} onClick={() => setOpen(open === reason ? null : reason)}>
                      {reasonText[reason]}: <strong>{formatCount(funnel.reasons[reason] ?? 0)}</strong>
                    </button>
                  )}
                  {open === reason && rejected !== null && <ProposalList proposals={rejected} />}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
