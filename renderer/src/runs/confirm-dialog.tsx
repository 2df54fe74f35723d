import type { ReactNode } from 'react';
import { ModalDialog } from '../components/modal-dialog';

/** Props of a yes/no question about something that cannot be undone. */
export interface ConfirmDialogProps {
  title: string;
  testId: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onClose(): void;
  children: ReactNode;
}

/** Asks before an action that cannot be undone; the safe answer has focus, so Enter never destroys. */
export function ConfirmDialog({ title, testId, confirmLabel, cancelLabel, onConfirm, onClose, children }: ConfirmDialogProps) {
  return (
    <ModalDialog title={title} testId={testId} canClose onClose={onClose}>
      <div className="modal-body confirm-body">{children}</div>
      <footer className="modal-foot">
        <button type="button" className="button" data-autofocus onClick={onClose}>
          {cancelLabel}
        </button>
        <button type="button" className="button button-danger" data-testid={`${testId}-confirm`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </footer>
    </ModalDialog>
  );
}
