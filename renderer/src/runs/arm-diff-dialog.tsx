import { useState } from 'react';
import type { CaseProgram, ExperimentDetail } from '../../../common/runs/run-types';
import { useOperation } from '../api/use-operation';
import { ModalDialog } from '../components/modal-dialog';
import { DiffViewer } from '../monaco/diff-viewer';
import { armProgram } from './arm-programs';

interface Props {
  detail: ExperimentDetail;
  onClose(): void;
}

type Text = { content: string; path: string } | { error: string } | null;

/** The text of a case program: inline as it is, a stored version fetched from the corpus. */
function useProgramText(program: CaseProgram | null): Text {
  const stored = program !== null && !('content' in program) ? program : null;
  const fetched = useOperation('programs.get', stored && { rollout: stored.rollout, path: stored.path, version: stored.version });
  if (program === null) return null;
  if ('content' in program) return { content: program.content, path: program.path };
  if (fetched.error !== null) return { error: fetched.error.message };
  return fetched.data && { content: fetched.data.content, path: program.path };
}

/** Monaco's diff of what two arms of an experiment run for one case: the case's program, or an arm's variant of it. */
export function ArmDiffDialog({ detail, onClose }: Props) {
  const [caseId, setCaseId] = useState(detail.cases[0]?.id ?? '');
  const [armA, setArmA] = useState(detail.arms[0] ?? '');
  const [armB, setArmB] = useState(detail.arms[1] ?? detail.arms[0] ?? '');
  const a = armProgram(detail, caseId, armA);
  const b = armProgram(detail, caseId, armB);
  const textA = useProgramText(a?.program ?? null);
  const textB = useProgramText(b?.program ?? null);
  const [changes, setChanges] = useState<number | null>(null);
  const select = (label: string, value: string, options: string[], onChange: (v: string) => void, testId: string) => (
    <label className="facet-inline">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <ModalDialog title={`Arms of ${detail.name}: what each runs`} testId="arm-diff-dialog" canClose onClose={onClose}>
      <div className="arm-diff-controls">
        {select(
          'Case',
          caseId,
          detail.cases.map((c) => c.id),
          setCaseId,
          'arm-diff-case',
        )}
        {select('A', armA, detail.arms, setArmA, 'arm-diff-a')}
        {select('B', armB, detail.arms, setArmB, 'arm-diff-b')}
        <span className="muted" data-testid="arm-diff-changes">
          {changes === null ? '' : `${changes} change${changes === 1 ? '' : 's'}`}
        </span>
      </div>
      <div className="arm-diff-commands mono">
        <div>A: {a?.command}</div>
        <div>B: {b?.command}</div>
      </div>
      <div className="arm-diff-editor">
        {textA && textB && 'content' in textA && 'content' in textB ? (
          <DiffViewer
            editorId="arm-diff"
            original={textA}
            modified={textB}
            sideBySide
            testId="arm-diff"
            shortcuts={[]}
            onShortcut={() => undefined}
            onChanges={setChanges}
          />
        ) : (textA && 'error' in textA) || (textB && 'error' in textB) ? (
          <div className="empty-state">{(textA && 'error' in textA ? textA.error : '') || (textB && 'error' in textB ? textB.error : '')}</div>
        ) : (
          <div className="empty-state">Loading the programs…</div>
        )}
      </div>
    </ModalDialog>
  );
}
