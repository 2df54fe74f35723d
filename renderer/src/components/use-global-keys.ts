/** Screen-level keyboard shortcuts that stay out of the way of form fields. */
import { useEffect, useRef } from 'react';

/** True when a key event belongs to a control that needs its own keys (text fields, selects). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/** True when Enter or Space belongs to the focused control: a button, a link, or a disclosure's summary. */
export function isControlActivation(event: KeyboardEvent): boolean {
  return (event.key === 'Enter' || event.key === ' ') && event.target instanceof HTMLElement && event.target.closest('button, a[href], summary') !== null;
}

/**
 * Calls `handler` for keydowns on the document that are not typed into a form field, carry
 * no Ctrl/Alt/Meta modifier and come while no modal dialog is open. The handler returns true
 * when it used the key, which then does nothing else (no page scroll on arrows).
 */
export function useGlobalKeys(handler: (event: KeyboardEvent) => boolean): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      // An open modal dialog owns the keyboard; the screen behind it must not react.
      if (document.querySelector('dialog[open]')) return;
      if (isTypingTarget(event.target)) return;
      if (isControlActivation(event)) return;
      if (latest.current(event)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
