import type { Command } from './command';
import { keyLabel } from './key-spec';

/** The keys of a command as `<kbd>` chips, alternatives side by side. */
export function KeyChips({ command, mac }: { command: Command; mac: boolean }) {
  const labels = [...(command.keys ?? []).map((k) => keyLabel(k, mac)), ...(command.keyHint ? [command.keyHint] : [])];
  return (
    <span className="key-chips">
      {labels.map((label) => (
        <kbd key={label}>{label}</kbd>
      ))}
    </span>
  );
}

/** The labels a command's keys are shown with, which the palette's search also matches. */
export function keyLabelsOf(command: Command, mac: boolean): string[] {
  return (command.keys ?? []).map((k) => keyLabel(k, mac));
}
