import { usesModel, type NewRunKind } from './new-run-request';

const kinds: { kind: NewRunKind; title: string; text: string }[] = [
  { kind: 'mine', title: 'Mine', text: "The miner reads each rollout's failures and programs and proposes rubrics: a new whole-rollout library." },
  {
    kind: 'quota',
    title: 'Quota curation',
    text: "Mines category by category until each one's share of the target size is filled: a library with the pool's failure mix.",
  },
  { kind: 'filtered', title: 'Filtered cut', text: "Cuts a library to the pool's proportions, dropping the lowest-support rubrics. No model calls." },
];

/** Props of the kind picker. */
export interface NewRunKindProps {
  value: NewRunKind;
  /** Model runs cannot start (no key in live mode): their options are disabled. */
  modelBlocked: boolean;
  disabled: boolean;
  onChange(kind: NewRunKind): void;
}

/** The three kinds of run as radio buttons (arrow keys move between them), each saying what it builds. */
export function NewRunKindPicker({ value, modelBlocked, disabled, onChange }: NewRunKindProps) {
  return (
    <fieldset className="run-kinds" disabled={disabled}>
      <legend className="facet-label">Run</legend>
      {kinds.map((k) => {
        const off = modelBlocked && usesModel(k.kind);
        return (
          <label key={k.kind} className={off ? 'run-kind off' : 'run-kind'} title={off ? 'Needs a model: there is no API key' : undefined}>
            <input
              type="radio"
              name="run-kind"
              value={k.kind}
              checked={value === k.kind}
              disabled={off}
              data-testid={`new-run-kind-${k.kind}`}
              aria-describedby={off ? 'new-run-model-reason' : undefined}
              onChange={() => onChange(k.kind)}
            />
            <span className="run-kind-text">
              <strong>{k.title}</strong>
              <span className="muted">{k.text}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
