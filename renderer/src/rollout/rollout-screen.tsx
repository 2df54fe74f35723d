import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Command } from '../commands/command';
import { useCommands } from '../commands/use-commands';
import { LoadingState } from '../components/loading-state';
import { navigate } from '../router/router';
import { useRolloutStore } from './rollout-store';
import { RolloutHeader } from './rollout-header';
import { RubricsPanel } from './rubrics-panel';
import { StepDetail } from './step-detail';
import { stepEndNote, stepForKey } from './step-keys';
import { StepList } from './step-list';

/** Props of the rollout screen, from its route. */
export interface RolloutScreenProps {
  id: string;
  /** Step index from the URL; the first step when absent. */
  step: number | null;
}

/** Screen 2: one rollout read step by step, the selected step's outputs and failure beside. */
export function RolloutScreen({ id, step }: RolloutScreenProps) {
  const { rolloutId, detail, steps, failed } = useRolloutStore(
    useShallow((s) => ({ rolloutId: s.rolloutId, detail: s.detail, steps: s.steps, failed: s.failed })),
  );
  const open = useRolloutStore((s) => s.open);
  const loadStep = useRolloutStore((s) => s.loadStep);
  const current = rolloutId === id ? steps : null;
  const selected = step ?? current?.[0]?.index ?? null;
  const stepDetail = useRolloutStore((s) => (selected === null ? undefined : s.stepDetails[selected]));
  const row = current?.find((s) => s.index === selected);

  useEffect(() => {
    void open(id);
  }, [open, id]);

  // The selection lives in the URL so a reload or a shared link opens the same step.
  useEffect(() => {
    if (step === null && selected !== null) navigate({ name: 'rollout', id, step: selected }, { replace: true });
  }, [id, step, selected]);

  useEffect(() => {
    if (row && !stepDetail) void loadStep(row.index);
  }, [row, stepDetail, loadStep]);

  // A move key that goes nowhere says why, until the selection moves again.
  const [endNote, setEndNote] = useState<string | null>(null);
  useEffect(() => setEndNote(null), [selected]);

  const select = useCallback((index: number) => navigate({ name: 'rollout', id, step: index }, { replace: true }), [id]);

  const move = (key: string) => {
    if (!current || current.length === 0) return;
    const at = Math.max(
      0,
      current.findIndex((s) => s.index === selected),
    );
    const target = stepForKey(key, current, at);
    const note = stepEndNote(key, current, at);
    if (note !== null) setEndNote(note);
    if (target !== null) select(target);
  };
  const hasSteps = () => (current?.length ?? 0) > 0;
  const stepMove = (id: string, title: string, keys: string[]): Command => ({
    id: `rollout.${id}`,
    group: 'Rollout',
    title,
    keys,
    when: hasSteps,
    run: () => move(keys[0]!),
  });
  useCommands([
    { id: 'rollout.back', group: 'Rollout', title: 'Back to the corpus', keys: ['Escape', 'Backspace'], run: () => navigate({ name: 'corpus' }) },
    stepMove('next-step', 'Next step', ['j', 'ArrowDown']),
    stepMove('previous-step', 'Previous step', ['k', 'ArrowUp']),
    stepMove('next-failure', 'Next failed step', ['n']),
    stepMove('previous-failure', 'Previous failed step', ['p']),
    stepMove('first-step', 'First step', ['Home']),
    stepMove('last-step', 'Last step', ['End']),
  ]);

  const ready = rolloutId === id && detail !== null && current !== null;
  return (
    <div className="screen rollout-screen" data-testid="rollout-screen">
      {ready ? (
        <>
          <RolloutHeader rollout={detail} />
          <div className="rollout-body">
            <StepList steps={current} selected={selected} onSelect={select} endNote={endNote} />
            <div className="step-detail-scroll">
              {row ? (
                <StepDetail key={row.index} row={row} detail={stepDetail} />
              ) : (
                <div className="empty-state">{current.length === 0 ? 'This rollout has no steps.' : `Step ${selected} is not in this rollout.`}</div>
              )}
            </div>
            <RubricsPanel rollout={id} failedStep={row && row.failureKind !== null ? row.index : null} failedCategory={stepDetail?.failure?.category ?? null} />
          </div>
        </>
      ) : failed ? (
        <div className="empty-state">
          Rollout <span className="mono">{id}</span> could not be opened. <a href="#/corpus">Back to the corpus</a>
        </div>
      ) : (
        <LoadingState label={`Loading rollout ${id}…`} />
      )}
    </div>
  );
}
