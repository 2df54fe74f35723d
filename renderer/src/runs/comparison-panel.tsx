import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { comparisonKey, useRunsStore } from './runs-store';
import { ComparisonStats } from './comparison-stats';

/** Props of the statistics panel. */
export interface ComparisonPanelProps {
  experiment: string;
  arms: string[];
  /** How many attempts have ended: the numbers are fetched again whenever it changes. */
  finished: number;
}

function ArmSelect({ label, value, arms, onChange }: { label: string; value: string; arms: string[]; onChange(arm: string): void }) {
  return (
    <label className="facet facet-inline">
      <span className="facet-label">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={`compare-arm-${label.toLowerCase()}`}>
        {arms.map((arm) => (
          <option key={arm} value={arm}>
            {arm}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Paired statistics of two arms, exactly as `experiments.compare` computes them. A starts
 * as the last arm and B as the first (by convention the baseline), so the effect reads as
 * "the change against the baseline".
 */
export function ComparisonPanel({ experiment, arms, finished }: ComparisonPanelProps) {
  const [a, setA] = useState(arms[arms.length - 1] ?? '');
  const [b, setB] = useState(arms[0] ?? '');
  const { comparison, compare } = useRunsStore(useShallow((s) => ({ comparison: s.comparison, compare: s.compare })));
  const canCompare = arms.length >= 2 && a !== b;

  useEffect(() => {
    if (canCompare) void compare(a, b);
  }, [canCompare, compare, a, b, finished]);

  const current = comparison?.key === comparisonKey(experiment, a, b) ? comparison : null;
  const loaded = current !== null && !current.loading && current.value !== null;
  return (
    <section className="comparison-panel" aria-label="Paired comparison" data-testid="comparison-panel">
      <header className="pane-header">
        <span className="pane-label">Statistics</span>
        <span className="muted">paired comparison of two arms</span>
      </header>
      {arms.length < 2 ? (
        <p className="comparison-note">
          This experiment has one arm ({arms[0]}): there is nothing to compare. Make an experiment with two or more arms to compare them.
        </p>
      ) : (
        <>
          <div className="compare-arms" data-testid="compare-arms">
            <ArmSelect label="A" value={a} arms={arms} onChange={setA} />
            <button
              type="button"
              className="button swap-arms"
              title="Swap A and B"
              aria-label="Swap A and B"
              onClick={() => {
                setA(b);
                setB(a);
              }}
            >
              ⇄
            </button>
            <ArmSelect label="B" value={b} arms={arms} onChange={setB} />
          </div>
          {!canCompare ? (
            <p className="comparison-note">Pick two different arms.</p>
          ) : current?.error ? (
            <p className="comparison-note compare-error">{current.error}</p>
          ) : comparison?.value ? (
            // While new numbers load, the last ones stay, dimmed, so the panel does not jump.
            <div className={loaded ? undefined : 'stale'} data-testid="comparison-result" data-loaded={loaded}>
              <ComparisonStats c={comparison.value} />
            </div>
          ) : (
            <p className="comparison-note muted">Computing…</p>
          )}
        </>
      )}
    </section>
  );
}
