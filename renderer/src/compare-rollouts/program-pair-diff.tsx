import { useState } from 'react';
import type { ProgramVersionRef } from '../../../common/corpus/corpus-types';
import { useOperation } from '../api/use-operation';
import { LoadingState } from '../components/loading-state';
import { DiffViewer } from '../monaco/diff-viewer';
import { formatHash } from '../router/route';

/** Props of the program diff of a row where both sides ran a program version. */
export interface ProgramPairDiffProps {
  editorId: string;
  a: { rollout: string; program: ProgramVersionRef };
  b: { rollout: string; program: ProgramVersionRef };
  shortcuts: readonly string[];
  onShortcut(key: string): void;
}

/** Monaco's diff of the two program versions the row's steps ran, A's on the left; the Compare screen opens the same pair. */
export function ProgramPairDiff({ editorId, a, b, shortcuts, onShortcut }: ProgramPairDiffProps) {
  const programA = useOperation('programs.get', { rollout: a.rollout, ...a.program });
  const programB = useOperation('programs.get', { rollout: b.rollout, ...b.program });
  const [changes, setChanges] = useState<number | null>(null);
  const error = programA.error ?? programB.error;
  return (
    <section className="program-pair" aria-label="Program versions of A and B" data-testid="program-pair">
      <header className="pane-header">
        <span className="pane-label">Program</span>
        <span className="mono">
          A {a.program.path} v{a.program.version} · B {b.program.path} v{b.program.version}
        </span>
        <span className="pane-meta" data-testid="program-pair-changes" data-changes={changes ?? ''}>
          {changes === null ? '' : changes === 0 ? 'same text' : `${changes} ${changes === 1 ? 'change' : 'changes'}`}
        </span>
        <a href={formatHash({ name: 'compare', a: { rollout: a.rollout, ...a.program }, b: { rollout: b.rollout, ...b.program } })}>Open in Compare</a>
      </header>
      <div className="program-pair-diff">
        {programA.data && programB.data ? (
          <DiffViewer
            editorId={editorId}
            original={{ content: programA.data.content, path: a.program.path }}
            modified={{ content: programB.data.content, path: b.program.path }}
            sideBySide
            testId="program-pair-diff"
            shortcuts={shortcuts}
            onShortcut={onShortcut}
            onChanges={setChanges}
          />
        ) : error ? (
          <div className="empty-state">The program could not be loaded: {error.message}</div>
        ) : (
          <LoadingState label="Loading both versions…" />
        )}
      </div>
    </section>
  );
}
