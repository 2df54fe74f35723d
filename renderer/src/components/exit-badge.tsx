import type { StepRow } from '../../../common/corpus/corpus-types';
import { exitStatus } from '../lib/exit-status';

/** A step's exit code as a badge: green 0, red non-zero, amber timeout, red killed. */
export function ExitBadge({ step }: { step: Pick<StepRow, 'exitCode' | 'timedOut' | 'killed'> }) {
  const status = exitStatus(step);
  return (
    <span className={`badge badge-${status.tone} exit-badge`} title={status.title}>
      {status.label}
    </span>
  );
}
