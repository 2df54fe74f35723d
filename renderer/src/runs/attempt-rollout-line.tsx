import type { AttemptRow, ExperimentDetail } from '../../../common/runs/run-types';
import { useOperation } from '../api/use-operation';
import { OtherRuns, type OtherRunCommand } from './other-runs';
import { formatHash } from '../router/route';
import { armProgram } from './arm-programs';

const compareCommand: OtherRunCommand = { id: 'runs.compare-rollouts', group: 'Experiment', key: 'v' };

/**
 * The rollout the selected attempt's program was taken from, and the other runs of its task to
 * compare it with (Compare rollouts): the way from an experiment's attempts to the steps of the
 * runs behind them. Says nothing for a program written inline or whose rollout is not in the corpus.
 */
export function AttemptRolloutLine({ detail, attempt }: { detail: ExperimentDetail; attempt: AttemptRow }) {
  const program = armProgram(detail, attempt.case, attempt.arm)?.program;
  const stored = program && 'rollout' in program ? program : null;
  const source = useOperation('rollouts.get', stored && { id: stored.rollout });
  if (!stored || !source.data) return null;
  return (
    <p className="attempt-rollout" data-testid="attempt-rollout" data-rollout={stored.rollout}>
      <span className="muted">
        {attempt.arm} runs {stored.path} v{stored.version} of
      </span>
      <a className="mono attempt-rollout-id" href={formatHash({ name: 'rollout', id: stored.rollout, step: null })} title={stored.rollout}>
        {stored.rollout}
      </a>
      <span className="muted">· compare with</span>
      <OtherRuns rollout={source.data} command={compareCommand} />
    </p>
  );
}
