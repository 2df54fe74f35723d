import type { LabelTarget } from '../../../common/labels/labels';
import { useOperation } from '../api/use-operation';
import { rubricViewTables } from '../api/view-tables';
import { LoadingState } from '../components/loading-state';
import { reportError } from '../app-state/app-store';
import { EvidenceView } from './evidence-pane';

/**
 * The evidence of a disputed item beside its labels. Not blind: an adjudicator reads every
 * label already, and the CWM's verdicts are part of what they weigh.
 */
export function AdjudicationEvidence({ target, schema, annotator }: { target: LabelTarget; schema: string; annotator: string }) {
  // The target object is new on every refetch of the disagreements; useOperation compares requests by value.
  const { data: evidence } = useOperation('labels.evidence', { schema, annotator, target, blind: false }, { tables: rubricViewTables, onError: reportError });
  if (!evidence) return <LoadingState label="Loading evidence…" />;
  return <EvidenceView evidence={evidence} schema={schema} />;
}
