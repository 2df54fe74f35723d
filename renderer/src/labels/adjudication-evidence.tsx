import { useEffect, useState } from 'react';
import type { LabelEvidence, LabelTarget } from '../../../common/labels/labels';
import { api } from '../api/bridge';
import { LoadingState } from '../components/loading-state';
import { reportError } from '../stores/app-store';
import { EvidenceView } from './evidence-pane';
import { targetKey } from './queue-logic';

/**
 * The evidence of a disputed item beside its labels. Not blind: an adjudicator reads every
 * label already, and the CWM's verdicts are part of what they weigh.
 */
export function AdjudicationEvidence({ target, schema, annotator }: { target: LabelTarget; schema: string; annotator: string }) {
  const key = targetKey(target);
  const [loaded, setLoaded] = useState<{ key: string; evidence: LabelEvidence } | null>(null);
  useEffect(() => {
    let current = true;
    api('labels.evidence', { schema, annotator, target, blind: false }).then((evidence) => {
      if (current) setLoaded({ key, evidence });
    }, reportError);
    return () => {
      current = false;
    };
    // The target object is new on every refetch of the disagreements; its key says whether it changed.
  }, [key, schema, annotator]);
  if (loaded?.key !== key) return <LoadingState label="Loading evidence…" />;
  return <EvidenceView evidence={loaded.evidence} schema={schema} />;
}
