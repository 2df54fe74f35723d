import type { ProgramContent } from '../../../common/corpus/corpus-types';
import { LoadingState } from '../components/loading-state';
import { RerunButton } from '../runs';
import type { ProgramSide } from '../router/compare-route';
import type { Fetched, RolloutFacts } from './compare-store';
import { SideOutcome } from './side-outcome';
import { SidePicker } from './side-picker';

/** Props of one side of the comparison. */
export interface SidePanelProps {
  which: 'a' | 'b';
  side: ProgramSide;
  facts: Fetched<RolloutFacts> | undefined;
  program: Fetched<ProgramContent> | undefined;
  onRollout(id: string): void;
  onChange(side: ProgramSide): void;
}

/** One side: what it shows (rollout, program, version) and how that version fared. */
export function SidePanel({ which, side, facts, program, onRollout, onChange }: SidePanelProps) {
  const detail = facts && 'value' in facts ? facts.value.detail : null;
  return (
    <section className={`compare-side compare-side-${which}`} data-testid={`compare-side-${which}`} aria-label={`Side ${which.toUpperCase()}`}>
      <div className="compare-side-head">
        <span className="compare-side-tag" title={which === 'a' ? 'original, on the left' : 'modified, on the right'}>
          {which.toUpperCase()}
        </span>
        <SidePicker which={which} side={side} detail={detail} onRollout={onRollout} onChange={onChange} />
        {program && 'value' in program && <RerunButton program={side} />}
      </div>
      {facts === undefined ? (
        <LoadingState label={`Loading ${side.rollout}…`} />
      ) : 'error' in facts ? (
        <p className="compare-error">{facts.error}</p>
      ) : (
        <SideOutcome which={which} side={side} facts={facts.value} />
      )}
      {program && 'error' in program && <p className="compare-error">{program.error}</p>}
    </section>
  );
}
