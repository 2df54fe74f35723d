import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { ModalDialog } from '../components/modal-dialog';
import { PersonBadge } from '../people/person-badge';
import type { Command } from './command';
import { searchCommands } from './command-search';
import { KeyChips, keyLabelsOf } from './key-chips';
import { matchesKey } from './key-spec';

/**
 * The command palette: every command that can run now, the current screen's first, narrowed
 * by what is typed; ↑/↓ choose, Enter runs, Esc (or Ctrl/Cmd+K again) closes.
 */
export function CommandPalette({
  commands,
  mac,
  onRun,
  onClose,
}: {
  commands: readonly Command[];
  mac: boolean;
  onRun(command: Command): void;
  onClose(): void;
}) {
  const [query, setQuery] = useState('');
  const [at, setAt] = useState(0);
  const listId = useId();
  const noneId = useId();
  const shown = useMemo(() => searchCommands(commands, query, (c) => keyLabelsOf(c, mac)), [commands, query, mac]);
  const selected = Math.min(at, shown.length - 1);
  const optionId = (i: number) => `${listId}-${i}`;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setAt((selected + step + shown.length) % Math.max(1, shown.length));
    } else if (event.key === 'Enter') {
      const command = shown[selected];
      if (command) onRun(command);
    } else if (matchesKey('Mod+k', event.nativeEvent, mac)) onClose();
    else return;
    event.preventDefault();
  }

  return (
    <ModalDialog title="Commands" testId="command-palette" canClose onClose={onClose}>
      <div className="command-palette">
        <input
          className="command-query"
          type="text"
          role="combobox"
          aria-label="Find a command"
          aria-expanded={shown.length > 0}
          aria-controls={shown.length > 0 ? listId : undefined}
          aria-describedby={shown.length > 0 ? undefined : noneId}
          aria-activedescendant={shown.length > 0 ? optionId(selected) : undefined}
          placeholder="Type to find a command…"
          value={query}
          data-autofocus
          data-testid="command-query"
          onChange={(e) => {
            setQuery(e.target.value);
            setAt(0);
          }}
          onKeyDown={onKeyDown}
        />
        <PersonBadge testId="palette-person" />
        {shown.length > 0 ? (
          <ul className="command-list" role="listbox" id={listId} aria-label="Commands" data-testid="command-list">
            {shown.map((command, i) => (
              <li
                key={`${command.group}/${command.id}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === selected}
                className={i === selected ? 'command-option selected' : 'command-option'}
                data-testid="command-option"
                data-command-id={command.id}
                ref={i === selected ? (el) => el?.scrollIntoView({ block: 'nearest' }) : undefined}
                onMouseMove={() => setAt(i)}
                onClick={() => onRun(command)}
              >
                <span className="command-group">{command.group}</span>
                <span className="command-title">{command.title}</span>
                <KeyChips command={command} mac={mac} />
              </li>
            ))}
          </ul>
        ) : (
          // Outside the listbox: a listbox may hold only options (axe's aria-required-children).
          <p className="command-none muted" id={noneId} role="status" data-testid="command-none">
            No command matches “{query}”.
          </p>
        )}
      </div>
    </ModalDialog>
  );
}
