import { useRetrievalStore } from '../libraries';

/**
 * Whole rollout or the selected step: a step's retrieval reads its own command and traceback,
 * so it is offered only when the selected step has a failure. The choice is kept: on a step
 * without a failure the panel shows the whole rollout, and the next failed step gets its own.
 */
export function RetrievalScope({ failedStep }: { failedStep: number | null }) {
  const scope = useRetrievalStore((s) => s.scope);
  const setScope = useRetrievalStore((s) => s.setScope);
  const onStep = scope === 'step' && failedStep !== null;
  return (
    <div className="scope-toggle" role="group" aria-label="Retrieve for" data-testid="retrieval-scope">
      <button type="button" className={onStep ? 'segment' : 'segment active'} aria-pressed={!onStep} onClick={() => setScope('rollout')}>
        Whole rollout
      </button>
      <button
        type="button"
        className={onStep ? 'segment active' : 'segment'}
        aria-pressed={onStep}
        disabled={failedStep === null}
        title={failedStep === null ? 'The selected step has no failure' : `Retrieve for the failure of step ${failedStep}`}
        data-testid="scope-step"
        onClick={() => setScope('step')}
      >
        {failedStep === null ? 'This step' : `This step (${failedStep})`}
      </button>
    </div>
  );
}
