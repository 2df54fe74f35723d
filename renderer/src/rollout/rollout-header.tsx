import type { ReactNode } from 'react';
import type { RolloutDetail } from '../../../common/corpus/corpus-types';
import { GradeBadge } from '../components/grade-badge';
import { formatCount, formatDuration, formatScore } from '../lib/format';
import { failureCountText } from './failure-count';
import { GradingFailures } from './grading-failures';
import { TaskStatement } from './task-statement';
import { OtherRuns } from '../runs';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What the rollout was and how it was graded: task, answer, verdict, and grading failures. */
export function RolloutHeader({ rollout }: { rollout: RolloutDetail }) {
  const metric = rollout.metric ? `${rollout.metric}${rollout.higherIsBetter === false ? ' (lower is better)' : ''}` : null;
  return (
    <header className="rollout-header">
      <div className="rollout-title-row">
        <a href="#/corpus" className="back-link" title="Back to the corpus (Esc)">
          ← Corpus
        </a>
        <h1 className="mono">{rollout.id}</h1>
        <GradeBadge grade={rollout.grade} />
        <span className="score">
          score <strong>{formatScore(rollout.score)}</strong>
          {metric && <span className="muted"> {metric}</span>}
        </span>
        {rollout.medal && rollout.medal !== 'none' && <span className={`badge medal-${rollout.medal}`}>{rollout.medal}</span>}
      </div>
      <dl className="facts">
        <Fact label="Benchmark">
          {rollout.benchmarkId} <span className={`badge badge-role role-${rollout.benchmarkRole}`}>{rollout.benchmarkRole.replace(/_/g, ' ')}</span>
        </Fact>
        <Fact label="Task">
          {rollout.taskId} <OtherRuns rollout={rollout} />
        </Fact>
        <Fact label="Collection">{rollout.collectionName ?? rollout.collectionId ?? '—'}</Fact>
        <Fact label="Agent">{rollout.agent ?? '—'}</Fact>
        <Fact label="Seed">{rollout.seed ?? '—'}</Fact>
        <Fact label="Steps">{formatCount(rollout.steps)}</Fact>
        <Fact label="Failure events">
          <span data-testid="failure-count">{failureCountText(rollout.failures, rollout.gradingFailures.length)}</span>
        </Fact>
        <Fact label="Duration">{formatDuration(rollout.durationMs)}</Fact>
        {rollout.sourcePath && (
          <Fact label="Imported from">
            <span className="mono" title={rollout.sourcePath}>
              {rollout.sourcePath}
            </span>
          </Fact>
        )}
      </dl>
      <TaskStatement text={rollout.taskStatement} />
      <div className="verdict-row">
        <div className="verdict-box">
          <div className="box-label">Submitted answer</div>
          <div className="mono verdict-text">{rollout.submitted ?? <span className="muted">nothing submitted</span>}</div>
        </div>
        <div className="verdict-box">
          <div className="box-label">Grader verdict</div>
          <div className="verdict-text">{rollout.graderVerdict ?? <span className="muted">no verdict recorded</span>}</div>
          <GradingFailures failures={rollout.gradingFailures} />
        </div>
      </div>
    </header>
  );
}
