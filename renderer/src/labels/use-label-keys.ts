/**
 * The labelling keyboard, shared by the queue and the adjudication view: number keys pick an
 * option (typed digits wait briefly when a longer number could follow), `a`/`r` accept and
 * reject, reason letters toggle reasons, `j`/`k` move, `u` undo, `s` skip, `f` flag, `g` next
 * open item, `n` note, `?` help. A reject that needs reasons waits for them and Enter.
 */
import { useEffect, useRef, useState } from 'react';
import type { LabelSchema } from '../../../common/labels/label-schema';
import { useGlobalKeys } from '../components/use-global-keys';
import { readDigits } from './queue-logic';

export interface LabelKeyActions {
  pick(value: string, reasons: string[]): void;
  move(delta: number): void;
  undo(): void;
  help(): void;
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
export function useLabelKeys(schema: LabelSchema | null, actions: LabelKeyActions): LabelKeyState {
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

  useGlobalKeys((event) => {
    if (!schema || schema.definition.value.kind === 'scopes') return false;
    const key = event.key;
    const { digits, reasons, rejecting } = typed.current;
    const reason = schema.definition.reasons.find((r) => r.key === key);
    if (/^[0-9]$/.test(key)) typeDigit(key);
    else if (reason) toggleReason(reason.code);
    else if (key === 'a' && values.includes('accept')) pick('accept', []);
    else if (key === 'r' && values.includes('reject')) reject();
    else if (key === 'Enter' && digits !== '') pick(values[Number(digits) - 1]!, []);
    else if (key === 'Enter' && rejecting && reasons.length > 0) pick('reject', reasons);
    else if (key === 'Escape' && (digits !== '' || rejecting || reasons.length > 0)) clear();
    else if (key === 'j' || key === 'ArrowDown') then(() => actions.move(1));
    else if (key === 'k' || key === 'ArrowUp') then(() => actions.move(-1));
    else if (key === 'u') then(actions.undo);
    else if (key === '?') actions.help();
    else if (key === 's' && actions.skip) then(actions.skip);
    else if (key === 'f' && actions.flag) actions.flag();
    else if (key === 'g' && actions.nextOpen) then(actions.nextOpen);
    else if (key === 'n' && actions.focusNote) actions.focusNote();
    else return false;
    return true;
  });

  return view;
}
