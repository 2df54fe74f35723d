import type { RolloutDetail } from '../../../common/corpus/corpus-types';
import { useOperation } from '../api/use-operation';
import { useCommands } from '../commands/use-commands';
import { GradeBadge } from '../components/grade-badge';
import { formatScore } from '../lib/format';
import { formatHash } from '../router/route';
import { navigate } from '../router/router';

/** Most other runs listed; the Corpus screen's task filter shows them all. */
const listed = 50;

/** The palette command comparing with the preferred other run, as the screen showing the list names it. */
export interface OtherRunCommand {
  id: string;
  group: string;
  key: string;
}

const onRolloutScreen: OtherRunCommand = { id: 'rollout.compare-other-run', group: 'Rollout', key: 'c' };

/**
 * A rollout's other runs of the same task (seeds, arms, re-runs), each opening Compare rollouts
 * against this one; the command's key (`c` on the Rollout screen) compares with the first whose
 * grade differs, else the first.
 */
export function OtherRuns({ rollout, command = onRolloutScreen }: { rollout: Pick<RolloutDetail, 'id' | 'taskId' | 'grade'>; command?: OtherRunCommand }) {
  const list = useOperation('rollouts.list', { task: rollout.taskId, limit: listed + 1 }, { tables: ['rollouts'] });
  const others = (list.data?.rows ?? []).filter((r) => r.id !== rollout.id).slice(0, listed);
  const preferred = others.find((r) => r.grade !== rollout.grade) ?? others[0];
  useCommands([
    {
      id: command.id,
      group: command.group,
      title: preferred ? `Compare ${rollout.id} with ${preferred.id}, another run of its task` : `Compare ${rollout.id} with another run of its task`,
      keys: [command.key],
      when: () => preferred !== undefined,
      run: () => preferred && navigate({ name: 'compare-rollouts', a: rollout.id, b: preferred.id, row: null }),
    },
  ]);
  if (others.length === 0) return null;
  return (
    <details className="other-runs" data-testid="other-runs">
      <summary>
        {others.length === listed ? `${listed}+` : others.length} other {others.length === 1 ? 'run' : 'runs'}
      </summary>
      <ul>
        {others.map((r) => (
          <li key={r.id}>
            <a href={formatHash({ name: 'compare-rollouts', a: rollout.id, b: r.id, row: null })} data-testid="other-run-compare" data-rollout={r.id}>
              <span className="mono">{r.id}</span>
            </a>
            <GradeBadge grade={r.grade} />
            <span className="muted">
              score {formatScore(r.score)} · seed {r.seed ?? '—'} · {r.steps} steps
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
