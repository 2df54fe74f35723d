import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';

const focusableSelector = 'button, [href], input, select, textarea, [tabindex]';

/** The dialog's controls Tab can reach, in document order. */
function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length > 0,
  );
}

/** Props of a modal dialog. */
export interface ModalDialogProps {
  title: string;
  testId: string;
  /** Whether Escape and the close button may close it now (not while work runs). */
  canClose: boolean;
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal `<dialog>`: the page behind is inert, Tab cycles within, Escape closes when
 * `canClose`, and focus goes back where it was. Mount it to open, unmount to close. The
 * element marked `data-autofocus` gets focus first.
 */
export function ModalDialog({ title, testId, canClose, onClose, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, []);

  // When the control that had focus goes away (the dialog moved on to its next step), focus
  // would fall to the inert page, where Escape and Tab no longer reach the dialog.
  useEffect(() => {
    const dialog = ref.current;
    if (dialog?.open && !dialog.contains(document.activeElement)) dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  });

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>): void {
    if (event.key === 'Escape') {
      // Handled here, so the browser's own Escape never closes a dialog React still shows.
      event.preventDefault();
      if (canClose) onClose();
    } else if (event.key === 'Tab' && ref.current) {
      const stops = tabStops(ref.current);
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (!first || !last) return;
      const at = stops.indexOf(document.activeElement as HTMLElement);
      if (event.shiftKey && at <= 0) last.focus();
      else if (!event.shiftKey && (at === -1 || at === stops.length - 1)) first.focus();
      else return;
      event.preventDefault();
    }
  }

  // The browser's own close request (Escape while focus is on no control) follows the same rule.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>): void {
    event.preventDefault();
    if (canClose) onClose();
  }

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} data-testid={testId} onKeyDown={onKeyDown} onCancel={onCancel}>
      <header className="modal-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="modal-close" aria-label="Close the dialog" title="Close (Esc)" disabled={!canClose} onClick={onClose}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}
