import { useCallback, useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CorpusTable } from '../../../common/corpus-tables';
import { onTablesChanged } from '../api/table-changes';
import { useOperation } from '../api/use-operation';
import type { Command } from '../commands/command';
import { useCommands } from '../commands/use-commands';
import { LoadingState } from '../components/loading-state';
import { navigate } from '../router/router';
import { reportError, useAppStore } from '../app-state/app-store';
import { stepAt, useRolloutComparisonStore } from './rollout-comparison-store';
import { AlignedStepList } from './aligned-step-list';
import type { Side } from './aligned-step-row';
import { CompareRolloutsLanding } from './compare-rollouts-landing';
import type { CompareRolloutsRoute } from '../router/compare-rollouts-route';
import { ComparisonSummary } from './comparison-summary';
import { ProgramPairDiff } from './program-pair-diff';
import { rowEndNote, rowForKey } from './row-keys';
import { SideStepDetail } from './side-step-detail';

/** What the alignment is computed from: a write to any of these aligns again. */
const comparedTables: readonly CorpusTable[] = ['rollouts', 'steps', 'failure_events', 'program_versions'];

/** Keys that move or switch sides; bound inside the program diff's editors too, so they work after a click into the code. */
const moveKeys = ['j', 'k', 'n', 'p', '[', ']'] as const;

/**
 * Two rollouts side by side: both step timelines aligned row by row (computed in the worker), a
 * summary of each side and where they part above, the selected row's outputs and programs below.
 * The rollouts and the selected row live in the URL; without a row, the first divergence is selected.
 */
export function CompareRolloutsScreen({ a, b, row }: Omit<CompareRolloutsRoute, 'name'>) {
  const editorId = useId();
  const comparison = useOperation('rollouts.compare', a && b ? { a, b } : null, { tables: comparedTables, onError: reportError });
  const data = comparison.data;
  const [focus, setFocus] = useState<Side>('a');
  const [endNote, setEndNote] = useState<string | null>(null);
  const selected = row ?? data?.firstDivergence ?? 0;
  useEffect(() => setEndNote(null), [selected]);

  const invalidate = useRolloutComparisonStore((s) => s.invalidate);
  useEffect(() => onTablesChanged(comparedTables, invalidate), [invalidate]);

  const settled = !a || !b || data !== null || comparison.error !== null;
  useEffect(() => {
    if (settled) useAppStore.getState().markReady();
  }, [settled]);

  const aligned = data?.rows[selected];
  const { stepA, stepB } = useRolloutComparisonStore(
    useShallow((s) => ({
      stepA: data && aligned ? stepAt(s.steps[data.a.id], aligned.a) : undefined,
      stepB: data && aligned ? stepAt(s.steps[data.b.id], aligned.b) : undefined,
    })),
  );

  const select = useCallback(
    (index: number, side?: Side) => {
      if (side) setFocus(side);
      navigate({ name: 'compare-rollouts', a, b, row: index }, { replace: true });
    },
    [a, b],
  );

  const move = (key: string) => {
    if (key === '[' || key === ']') return setFocus(key === '[' ? 'a' : 'b');
    if (!data) return;
    const target = rowForKey(key, data.rows, selected);
    const note = rowEndNote(key, data.rows, selected);
    if (note !== null) setEndNote(note);
    if (target !== null) select(target);
  };
  const ready = () => data !== null;
  const keyed = (id: string, title: string, keys: string[], when = ready): Command => ({
    id: `compare-rollouts.${id}`,
    group: 'Compare rollouts',
    title,
    keys,
    when,
    run: () => move(keys[0]!),
  });
  useCommands([
    { id: 'compare-rollouts.back', group: 'Compare rollouts', title: 'Back to the corpus', keys: ['Escape'], run: () => navigate({ name: 'corpus' }) },
    keyed('next-row', 'Next aligned row', ['j', 'ArrowDown']),
    keyed('previous-row', 'Previous aligned row', ['k', 'ArrowUp']),
    keyed('next-difference', 'Next row where they differ', ['n']),
    keyed('previous-difference', 'Previous row where they differ', ['p']),
    keyed('first-row', 'First row', ['Home']),
    keyed('last-row', 'Last row', ['End']),
    keyed('focus-a', 'Focus side A', ['['], () => true),
    keyed('focus-b', 'Focus side B', [']'], () => true),
    {
      id: 'compare-rollouts.open-step',
      group: 'Compare rollouts',
      title: "Open the focused side's step in its rollout",
      keys: ['Enter'],
      when: () => (focus === 'a' ? stepA : stepB) !== undefined && aligned?.[focus] !== null,
      run: () => {
        const step = focus === 'a' ? stepA : stepB;
        const rollout = focus === 'a' ? a : b;
        if (step && rollout) navigate({ name: 'rollout', id: rollout, step: step.index });
      },
    },
  ]);

  return (
    <div className="screen compare-rollouts-screen" data-testid="compare-rollouts-screen" data-focus={focus}>
      <header className="screen-header">
        <h1>Compare rollouts</h1>
      </header>
      {!a || !b ? (
        <CompareRolloutsLanding a={a} b={b} />
      ) : data ? (
        <>
          <ComparisonSummary comparison={data} onRow={(index) => select(index)} />
          <div className="compare-rollouts-body">
            <AlignedStepList comparison={data} selected={selected} focus={focus} onSelect={select} endNote={endNote} />
            <div className="aligned-detail" data-testid="aligned-detail" data-row={selected}>
              {aligned ? (
                <>
                  <div className="side-steps">
                    <SideStepDetail side="a" rollout={data.a.id} step={aligned.a === null ? null : stepA} focused={focus === 'a'} />
                    <SideStepDetail side="b" rollout={data.b.id} step={aligned.b === null ? null : stepB} focused={focus === 'b'} />
                  </div>
                  {stepA?.program && stepB?.program && (
                    <ProgramPairDiff
                      key={`${selected}`}
                      editorId={editorId}
                      a={{ rollout: data.a.id, program: stepA.program }}
                      b={{ rollout: data.b.id, program: stepB.program }}
                      shortcuts={moveKeys}
                      onShortcut={move}
                    />
                  )}
                </>
              ) : (
                <div className="empty-state">Neither rollout has a step.</div>
              )}
            </div>
          </div>
        </>
      ) : comparison.error ? (
        <div className="empty-state">
          These rollouts could not be compared: {comparison.error.message} <a href="#/compare-rollouts">Pick two rollouts</a>
        </div>
      ) : (
        <LoadingState label={`Aligning ${a} and ${b}…`} />
      )}
    </div>
  );
}
