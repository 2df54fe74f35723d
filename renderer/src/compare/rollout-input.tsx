import { useEffect, useId, useState } from 'react';
import { useOperation } from '../api/use-operation';
import { reportError } from '../app-state/app-store';

/** Most rollout ids the pickers suggest; any other id can still be typed. */
const suggestionLimit = 1000;

/** Props of a rollout picker. */
export interface RolloutInputProps {
  value: string;
  label: string;
  testId: string;
  onCommit(id: string): void;
}

/**
 * A rollout id field that suggests the corpus's rollouts as one types. It commits on Enter, on
 * leaving the field, or on picking a suggestion, so half-typed ids are never fetched.
 */
export function RolloutInput({ value, label, testId, onCommit }: RolloutInputProps) {
  const listId = useId();
  const ids = useOperation('rollouts.list', { limit: suggestionLimit }, { tables: ['rollouts'], onError: reportError }).data?.rows.map((r) => r.id) ?? null;
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const commit = (id: string) => {
    const trimmed = id.trim();
    if (trimmed !== '' && trimmed !== value) onCommit(trimmed);
  };
  return (
    <label className="compare-field">
      <span className="facet-label">{label}</span>
      <input
        className="compare-rollout-input mono"
        data-testid={testId}
        list={listId}
        value={text}
        spellCheck={false}
        placeholder="rollout id"
        onChange={(e) => {
          setText(e.target.value);
          // Picking a suggestion fills in a whole id at once.
          if (ids?.includes(e.target.value)) commit(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(text);
          if (e.key === 'Escape') setText(value);
        }}
        onBlur={() => commit(text)}
      />
      <datalist id={listId}>
        {ids?.map((id) => (
          <option key={id} value={id} />
        ))}
      </datalist>
    </label>
  );
}
