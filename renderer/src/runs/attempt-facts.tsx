import type { AttemptRow } from '../../../common/runs/run-types';
import { formatScore } from '../lib/format';
import { AttemptDiagnosisLine } from './attempt-diagnosis-line';
import { formatWall } from './attempt-status';
import { StatusBadge } from './status-badge';

/** The terminal's heading: which slot this is and how it ended (exit, score, wall time, where, why). */
export function AttemptFacts({ attempt }: { attempt: AttemptRow }) {
  return (
    <header className="pane-header attempt-facts" data-testid="attempt-facts">
      <span className="pane-label">Terminal</span>
      <span className="mono">attempt {attempt.id}</span>
      <span>
        {attempt.case} · <strong>{attempt.arm}</strong> · repeat {attempt.repeat}
      </span>
      <StatusBadge attempt={attempt} />
      {attempt.exitCode !== null && <span>exit {attempt.exitCode}</span>}
      {attempt.score !== null && <span>score {formatScore(attempt.score)}</span>}
      {attempt.wallS !== null && <span>{formatWall(attempt.wallS)}</span>}
      {attempt.host !== null && (
        <span className="muted" title={attempt.workDir ?? undefined}>
          on {attempt.host}
          {attempt.slot !== null && `, slot ${attempt.slot}`}
          {attempt.gpu !== null && `, GPU ${attempt.gpu}`}
          {attempt.timeoutS !== null && `, cap ${attempt.timeoutS} s`}
        </span>
      )}
      <AttemptDiagnosisLine attempt={attempt} />
      {attempt.envNames !== null && (
        <span className="muted attempt-env" title={attempt.envNames.join('\n')} data-testid="attempt-env">
          {attempt.envNames.length} environment variable{attempt.envNames.length === 1 ? '' : 's'}
        </span>
      )}
      {attempt.error && (
        <span className="attempt-error" title={attempt.error}>
          {attempt.error}
        </span>
      )}
    </header>
  );
}
