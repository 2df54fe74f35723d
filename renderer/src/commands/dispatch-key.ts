/** Which command a keydown runs, by the rules every screen's keys follow. */
import { isControlActivation, isTypingTarget } from '../components/use-global-keys';
import { available, type Command } from './command';
import { matchesKey } from './key-spec';

/**
 * The command `event` runs, or null. Keys with Ctrl/Cmd work everywhere but in a dialog;
 * plain keys do not reach text fields, and Enter and Space on a focused button, link or
 * summary belong to that control. An open modal dialog owns the keyboard.
 */
export function commandForKey(event: KeyboardEvent, commands: readonly Command[], mac: boolean): Command | null {
  if (event.defaultPrevented || document.querySelector('dialog[open]')) return null;
  const modified = mac ? event.metaKey : event.ctrlKey;
  if (!modified && isTypingTarget(event.target)) return null;
  if (isControlActivation(event)) return null;
  return commands.find((c) => c.keys?.some((k) => matchesKey(k, event, mac)) && available(c)) ?? null;
}
