import { useEffect, useState } from 'react';
import { LoadingState } from '../components/loading-state';
import { formatHash } from '../router/route';
import { useCompareStore } from './compare-store';
import { pathsOf, versionsOf } from './default-sides';
import { RolloutInput } from './rollout-input';

/**
 * The Compare screen before anything is picked: choose a rollout, then one of its programs
 * with at least two versions; each pair of consecutive versions is one link.
 */
export function CompareLanding() {
  const [rollout, setRollout] = useState('');
  const facts = useCompareStore((s) => (rollout === '' ? undefined : s.rollouts[rollout]));
  const loadRollout = useCompareStore((s) => s.loadRollout);
  useEffect(() => {
    if (rollout !== '') void loadRollout(rollout);
  }, [rollout, loadRollout]);

  const programs = facts && 'value' in facts ? facts.value.detail.programs : [];
  const versioned = pathsOf(programs).map((path) => ({ path, versions: versionsOf(programs, path) }));
  return (
    <div className="compare-landing" data-testid="compare-landing">
      <p>Compare two versions of a program: pick a rollout, then one of its programs.</p>
      <RolloutInput value={rollout} label="Rollout" testId="compare-landing-rollout" onCommit={setRollout} />
      {rollout !== '' && facts === undefined && <LoadingState label={`Loading ${rollout}…`} />}
      {facts && 'error' in facts && <p className="compare-error">{facts.error}</p>}
      {facts && 'value' in facts && (
        <ul className="compare-landing-programs">
          {versioned.length === 0 && <li className="muted">This rollout stored no programs.</li>}
          {versioned.map(({ path, versions }) => (
            <li key={path}>
              <span className="mono">{path}</span>
              {versions.length < 2 ? (
                <span className="muted">one version, nothing to compare</span>
              ) : (
                versions.slice(1).map((version, i) => {
                  const a = { rollout, path, version: versions[i]! };
                  return (
                    <a key={version} href={formatHash({ name: 'compare', a, b: { ...a, version } })}>
                      v{a.version} → v{version}
                    </a>
                  );
                })
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
