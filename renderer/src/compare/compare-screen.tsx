import { useCallback, useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { onTablesChanged } from '../api/table-changes';
import { LoadingState } from '../components/loading-state';
import { useCommands } from '../commands/use-commands';
import { diffEditor } from '../monaco/editor-registry';
import { DiffViewer } from '../monaco/diff-viewer';
import { navigate } from '../router/router';
import { useAppStore } from '../app-state/app-store';
import { CompareDelta } from './compare-delta';
import { CompareLanding } from './compare-landing';
import { formatSide, type CompareSides, type ProgramSide } from '../router/compare-route';
import { useCompareStore } from './compare-store';
import { CompareToolbar } from './compare-toolbar';
import { completeSides, sideInRollout } from './default-sides';
import { SidePanel } from './side-panel';

/** The diff's keys, on the page and inside both editors (Monaco takes keys a page listener never sees). */
const shortcutCommands: [key: string, title: string][] = [
  ['s', 'Show the diff side by side'],
  ['i', 'Show the diff inline'],
  [']', 'Next change'],
  ['[', 'Previous change'],
];
const shortcuts = shortcutCommands.map(([key]) => key);

/**
 * Screen 5: a Monaco diff of any two program versions (of one rollout or of two), each side's
 * outcome above it and what changed between them. The sides live in the URL; a URL with only
 * side A compares it with its next version; without sides, a small form picks a program.
 */
export function CompareScreen({ a: urlA, b: urlB }: CompareSides) {
  const editorId = useId();
  // A URL naming only side B reads as one naming only side A.
  const a = urlA ?? urlB;
  const b = urlA ? urlB : null;
  const keyA = a && formatSide(a);
  const keyB = b && formatSide(b);
  const { factsA, factsB, programA, programB, sideBySide } = useCompareStore(
    useShallow((s) => ({
      factsA: a ? s.rollouts[a.rollout] : undefined,
      factsB: b ? s.rollouts[b.rollout] : undefined,
      programA: keyA ? s.programs[keyA] : undefined,
      programB: keyB ? s.programs[keyB] : undefined,
      sideBySide: s.sideBySide,
    })),
  );
  const { loadRollout, loadProgram, setSideBySide, invalidate } = useCompareStore(
    useShallow((s) => ({ loadRollout: s.loadRollout, loadProgram: s.loadProgram, setSideBySide: s.setSideBySide, invalidate: s.invalidate })),
  );
  const [changes, setChanges] = useState<number | null>(null);

  useEffect(() => onTablesChanged('any', invalidate), [invalidate]);

  useEffect(() => {
    if (a) void loadRollout(a.rollout);
    if (b) void loadRollout(b.rollout);
  }, [a, b, loadRollout]);

  // Only side A given: once its rollout's versions are known, the URL names the pair shown.
  useEffect(() => {
    if (a && !b && factsA && 'value' in factsA) navigate({ name: 'compare', ...completeSides(a, factsA.value.detail.programs) }, { replace: true });
  }, [a, b, factsA]);

  useEffect(() => {
    if (a && b) {
      void loadProgram(a);
      void loadProgram(b);
    }
  }, [a, b, loadProgram]);

  const failed = [factsA, factsB, programA, programB].some((f) => f !== undefined && 'error' in f);
  const pair = programA && 'value' in programA && programB && 'value' in programB ? { a: programA.value, b: programB.value } : null;
  const settled = !a || failed || pair !== null;
  useEffect(() => {
    if (settled) useAppStore.getState().markReady();
  }, [settled]);

  const show = (which: 'a' | 'b', side: ProgramSide) =>
    navigate({ name: 'compare', a: which === 'a' ? side : a, b: which === 'b' ? side : b }, { replace: true });

  const switchRollout = async (which: 'a' | 'b', id: string) => {
    const current = which === 'a' ? a : b;
    const fetched = await loadRollout(id);
    const side = 'value' in fetched ? sideInRollout(id, fetched.value.detail.programs, current) : null;
    // A rollout that failed to load (or has no programs) still becomes the side, showing why.
    show(which, side ?? { rollout: id, path: current?.path ?? '', version: current?.version ?? 0 });
  };

  const onShortcut = useCallback(
    (key: string) => {
      if (key === 's' || key === 'i') setSideBySide(key === 's');
      else diffEditor(editorId)?.goToDiff(key === ']' ? 'next' : 'previous');
    },
    [editorId, setSideBySide],
  );
  useCommands(
    shortcutCommands.map(([key, title]) => ({
      id: `compare.${title.toLowerCase().replaceAll(' ', '-')}`,
      group: 'Compare',
      title,
      keys: [key],
      when: () => pair !== null,
      run: () => onShortcut(key),
    })),
  );

  return (
    <div className="screen compare-screen" data-testid="compare-screen">
      <header className="screen-header compare-header">
        <h1>Compare programs</h1>
        {pair && (
          <CompareToolbar sideBySide={sideBySide} changes={changes} onView={setSideBySide} onStep={(direction) => diffEditor(editorId)?.goToDiff(direction)} />
        )}
      </header>
      {!a ? (
        <CompareLanding />
      ) : (
        <>
          <div className="compare-sides">
            <SidePanel which="a" side={a} facts={factsA} program={programA} onRollout={(id) => void switchRollout('a', id)} onChange={(s) => show('a', s)} />
            {b ? (
              <SidePanel which="b" side={b} facts={factsB} program={programB} onRollout={(id) => void switchRollout('b', id)} onChange={(s) => show('b', s)} />
            ) : (
              !failed && <LoadingState label="Choosing the next version…" />
            )}
          </div>
          {b && factsA && 'value' in factsA && factsB && 'value' in factsB && (
            <CompareDelta a={{ side: a, facts: factsA.value }} b={{ side: b, facts: factsB.value }} />
          )}
          <div className="compare-diff">
            {pair && b ? (
              <DiffViewer
                editorId={editorId}
                original={{ content: pair.a.content, path: a.path }}
                modified={{ content: pair.b.content, path: b.path }}
                sideBySide={sideBySide}
                testId="compare-diff"
                shortcuts={shortcuts}
                onShortcut={onShortcut}
                onChanges={setChanges}
              />
            ) : failed ? (
              <div className="empty-state">Pick two stored program versions to compare: one side above could not be loaded.</div>
            ) : (
              <LoadingState label="Loading both versions…" />
            )}
          </div>
        </>
      )}
    </div>
  );
}
