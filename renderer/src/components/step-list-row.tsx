import { memo } from 'react';
import type { StepRow } from '../../../common/corpus/corpus-types';
import { ExitBadge } from './exit-badge';
import { exitStatus, isFailedStep } from '../lib/exit-status';
import { formatDuration } from '../lib/format';

/** Heights of a step row with one line and with the failure/program line under it. */
export const stepRowHeight = { single: 26, double: 42 } as const;

/** A timeout or kill already reads from the exit badge; the kind is repeated only when it adds something. */
function showsKind(step: StepRow): boolean {
  return step.failureKind !== null && (step.exceptionClass !== null || step.failureKind !== exitStatus(step).label);
}

/** The row's height: a second line only when there is a failure kind or program version to show. */
export function stepRowSize(step: StepRow): number {
  return showsKind(step) || step.program !== null ? stepRowHeight.double : stepRowHeight.single;
}

/** Props of one step in the timeline. */
export interface StepListRowProps {
  step: StepRow;
  top: number;
  selected: boolean;
  onSelect(index: number): void;
  /** `gridcell` when the row is one side of a grid row (Compare rollouts); an option of the step list otherwise. */
  role?: 'option' | 'gridcell';
}

/** One step: index, exit badge, command, duration, and what failed and in which program version. */
export const StepListRow = memo(function StepListRow({ step, top, selected, onSelect, role = 'option' }: StepListRowProps) {
  const failed = isFailedStep(step);
  const showKind = showsKind(step);
  const size = stepRowSize(step);
  return (
    <div
      className={`step-row${selected ? ' selected' : ''}${failed ? ' failed' : ''}`}
      style={{ transform: `translateY(${top}px)`, height: size }}
      role={role}
      aria-selected={selected}
      data-testid="step-row"
      data-step-index={step.index}
      data-exit-code={step.exitCode ?? ''}
      onClick={() => onSelect(step.index)}
    >
      <div className="step-line">
        <span className="step-index">{step.index}</span>
        <ExitBadge step={step} />
        <span className="step-command-preview mono" title={step.command}>
          {step.command.split('\n')[0]}
        </span>
        <span className="step-duration">{formatDuration(step.durationMs)}</span>
      </div>
      {size === stepRowHeight.double && (
        <div className="step-line step-sub">
          {showKind ? (
            <span className="step-failure" title={[step.failureKind?.replace(/_/g, ' '), step.exceptionClass].filter(Boolean).join(' · ')}>
              {step.failureKind?.replace(/_/g, ' ')}
              {step.exceptionClass && <span className="mono"> · {step.exceptionClass}</span>}
            </span>
          ) : (
            <span />
          )}
          {step.program && (
            <span className="step-program mono" title="program version this step ran">
              {step.program.path} v{step.program.version}
            </span>
          )}
        </div>
      )}
    </div>
  );
});
