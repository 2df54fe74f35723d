/**
 * The labelling keyboard, shared by the queue and the adjudication view: number keys pick an
 * option (typed digits wait briefly when a longer number could follow), `a`/`r` accept and
 * reject, reason letters toggle reasons, `j`/`k` move, `u` undo, `s` skip, `f` flag, `g` next
 * open item, `n` note. A reject that needs reasons waits for them and Enter. Each is a
 * command, so the palette and `?` list them.
 */
import { useEffect, useRef, useState } from 'react';
import type { LabelSchema } from '../../../common/labels/label-schema';
import { useCommands } from '../commands/use-commands';
import { useGlobalKeys } from '../components/use-global-keys';
import { readDigits } from './queue-logic';

export interface LabelKeyActions {
  pick(value: string, reasons: string[]): void;
  move(delta: number): void;
  undo(): void;
  skip?(): void;
  flag?(): void;
  nextOpen?(): void;
  focusNote?(): void;
}

export interface LabelKeyState {
  /** Digits typed that wait for another digit or Enter. */
  digits: string;
  /** Reasons chosen for the next reject. */
  reasons: string[];
  /** A reject waits for its reasons. */
  rejecting: boolean;
}

/** How long typed digits wait for another digit before they pick. */
const digitWaitMs = 900;

const cleared: LabelKeyState = { digits: '', reasons: [], rejecting: false };

/**
 * Installs the keys while mounted. Typed state lives in a ref as well as in React state: keys
 * can come faster than React renders, and each must see what the one before it typed.
 */
export function useLabelKeys(schema: LabelSchema | null, group: string, actions: LabelKeyActions): LabelKeyState {
  const typed = useRef<LabelKeyState>(cleared);
  const [view, setView] = useState<LabelKeyState>(cleared);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function update(next: LabelKeyState): void {
    typed.current = next;
    setView(next);
  }

  function clear(): void {
    clearTimeout(timer.current);
    if (typed.current !== cleared) update(cleared);
  }

  const active = schema !== null && schema.definition.value.kind !== 'scopes';
  const values = schema?.options.map((o) => o.value) ?? [];
  const required = schema?.definition.reasonsRequiredFor ?? [];

  function pick(value: string, reasons: string[]): void {
    clear();
    actions.pick(value, reasons);
  }

  function typeDigit(digit: string): void {
    clearTimeout(timer.current);
    const digits = typed.current.digits + digit;
    const read = readDigits(digits, values.length);
    if (read.action === 'reset') return update({ ...typed.current, digits: '' });
    if (read.action === 'pick') return pick(values[read.value - 1]!, []);
    update({ ...typed.current, digits });
    timer.current = setTimeout(() => pick(values[read.value - 1]!, []), digitWaitMs);
  }

  function toggleReason(code: string): void {
    const reasons = typed.current.reasons;
    update({ ...typed.current, reasons: reasons.includes(code) ? reasons.filter((r) => r !== code) : [...reasons, code] });
  }

  function reject(): void {
    const { reasons } = typed.current;
    if (required.includes('reject') && reasons.length === 0) update({ ...typed.current, rejecting: true });
    else pick('reject', reasons);
  }

  /** Moving on drops what was typed for the item left behind. */
  const then = (action: () => void) => {
    clear();
    action();
  };

  // Typed digits stay here: they wait for one another, which no single command can say.
  useGlobalKeys((event) => {
    if (!active || !/^[0-9]$/.test(event.key)) return false;
    typeDigit(event.key);
    return true;
  });

  const when = () => active;
  const typing = () => active && (typed.current.digits !== '' || typed.current.rejecting || typed.current.reasons.length > 0);
  const optionKey = (value: string): string[] => (value === 'accept' ? ['a'] : value === 'reject' ? ['r'] : []);
  useCommands([
    ...(schema?.definition.reasons ?? []).map((r) => ({
      id: `label.reason.${r.code}`,
      group,
      title: `Toggle the reason "${r.label}" for the next reject`,
      keys: [r.key],
      when,
      run: () => toggleReason(r.code),
    })),
    {
      id: 'label.confirm',
      group,
      title: 'Confirm the typed number or the pending reject',
      keys: ['Enter'],
      when: () => active && (typed.current.digits !== '' || (typed.current.rejecting && typed.current.reasons.length > 0)),
      run: () => {
        const { digits, reasons } = typed.current;
        pick(digits !== '' ? values[Number(digits) - 1]! : 'reject', digits !== '' ? [] : reasons);
      },
    },
    { id: 'label.clear', group, title: 'Drop what was typed', keys: ['Escape'], when: typing, run: clear },
    { id: 'label.next', group, title: 'Next item', keys: ['j', 'ArrowDown'], when, run: () => then(() => actions.move(1)) },
    { id: 'label.previous', group, title: 'Previous item', keys: ['k', 'ArrowUp'], when, run: () => then(() => actions.move(-1)) },
    ...(actions.nextOpen
      ? [{ id: 'label.next-open', group, title: 'Next item without your label', keys: ['g'], when, run: () => then(actions.nextOpen!) }]
      : []),
    { id: 'label.undo', group, title: 'Undo your last label (a retraction is recorded; nothing is deleted)', keys: ['u'], when, run: () => then(actions.undo) },
    ...(actions.skip ? [{ id: 'label.skip', group, title: 'Skip the item', keys: ['s'], when, run: () => then(actions.skip!) }] : []),
    ...(actions.flag ? [{ id: 'label.flag', group, title: 'Flag the item for another look', keys: ['f'], when, run: actions.flag }] : []),
    ...(actions.focusNote ? [{ id: 'label.note', group, title: 'Write a note for the next label', keys: ['n'], when, run: actions.focusNote }] : []),
    // The values last, under their own heading: up to 22 rows would hide the keys above.
    ...(schema?.options ?? []).map((o, i) => ({
      id: `label.pick.${o.value}`,
      group: `${group}: values`,
      title: o.value === 'reject' ? 'Reject (a reject that needs reasons waits for them)' : `Label it ${o.label}`,
      keys: optionKey(o.value),
      keyHint: String(i + 1),
      when,
      run: () => (o.value === 'reject' ? reject() : pick(o.value, [])),
    })),
  ]);

  return view;
}
