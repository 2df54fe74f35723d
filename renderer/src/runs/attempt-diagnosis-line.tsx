import type { AttemptDiagnosis } from '../../../common/runs/attempt-diagnosis';
import type { AttemptRow } from '../../../common/runs/run-types';
import { useOperation } from '../api/use-operation';
import { AttemptEnvironmentLine } from './attempt-environment-line';

/** The badge tone of each outcome, here and in a step's list of reruns. */
export const outcomeTone: Record<AttemptDiagnosis['outcome'], string> = {
  reproduced: 'fail',
  different_failure: 'warn',
  environment: 'warn',
  failed: 'fail',
  passed: 'ok',
  pending: 'neutral',
};

/**
 * "Did it happen again?": the ended attempt's outcome against the step its program came from
 * (reproduced, a different failure, passed, environment), with its parsed traceback on demand.
 */
export function AttemptDiagnosisLine({ attempt }: { attempt: AttemptRow }) {
  const ended = attempt.status !== 'queued' && attempt.status !== 'running';
  // A diagnosis that cannot be made leaves the heading as it was; the terminal still shows the log.
  const diagnosis = useOperation('attempts.diagnosis', ended ? { id: attempt.id } : null).data;
  if (diagnosis === null || diagnosis.outcome === 'pending') return null;
  return (
    <span className="attempt-diagnosis" data-testid="attempt-diagnosis" data-outcome={diagnosis.outcome} title={diagnosis.failure?.traceback ?? undefined}>
      <span className={`badge badge-${outcomeTone[diagnosis.outcome]}`}>{diagnosis.outcome.replace('_', ' ')}</span>{' '}
      {diagnosis.summary.replace(/^[a-z ]+: /, '')}
      {diagnosis.origin && (
        <span className="muted">
          {' '}
          (vs {diagnosis.origin.rollout} step {diagnosis.origin.step})
        </span>
      )}
      {diagnosis.environment && (
        <>
          {' '}
          <AttemptEnvironmentLine environment={diagnosis.environment} />
        </>
      )}
    </span>
  );
}
