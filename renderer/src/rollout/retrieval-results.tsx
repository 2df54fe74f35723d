import { LoadingState } from '../components/loading-state';
import { protectedTotal, retrievalKey, useRetrievalStore, type RetrievalTarget } from '../libraries';
import { RetrievalAllocation } from './retrieval-allocation';
import { RubricsCardList } from './rubrics-card-list';

/**
 * The answer for the current settings: the allocation, then the rubric cards. While a new
 * answer for the same rollout is on its way the old one stays, dimmed, so the panel does not
 * jump; another rollout's answer is never shown.
 */
export function RetrievalResults({ target }: { target: RetrievalTarget }) {
  const result = useRetrievalStore((s) => s.result);
  const fresh = useRetrievalStore((s) => s.resultKey === retrievalKey(s.settings, target));
  const over = useRetrievalStore((s) => protectedTotal(s.settings) > s.settings.slots);
  const refusal = useRetrievalStore((s) => s.refusal);

  if (over) return null;
  if (refusal !== null)
    return (
      <p className="muted" role="status" data-testid="retrieval-blind">
        Rubrics are hidden while you label in blind mode: retrieval splits its slots by the miner&apos;s categories. Turn blind mode off (Shift+B in Labels, or
        Settings) to see them.
      </p>
    );
  if (!result || result.rollout !== target.rollout) return <LoadingState label="Retrieving rubrics…" />;
  const scope = result.step === null ? 'the whole rollout' : `step ${result.step}`;
  return (
    <div className={fresh ? 'retrieval-results' : 'retrieval-results stale'} aria-busy={!fresh} data-testid="retrieval-results" data-fresh={fresh}>
      <div className="results-caption muted">
        {result.rubrics.length} {result.rubrics.length === 1 ? 'rubric' : 'rubrics'} for {scope}, {result.slots} slots split by the pool's failure mix
      </div>
      <RetrievalAllocation allocation={result.allocation} slots={result.slots} />
      <RubricsCardList key={`${result.library}:${result.rollout}:${result.step}`} rubrics={result.rubrics} />
    </div>
  );
}
