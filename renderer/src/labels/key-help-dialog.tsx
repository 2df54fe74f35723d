import { ModalDialog } from '../components/modal-dialog';

const keys: [string, string][] = [
  ['1 … 9, 10 …', 'pick an option by its number (a number that could go on waits for the next digit or Enter)'],
  ['a / r', 'accept / reject (a reject that needs reasons waits for them)'],
  ['reason letter', 'toggle that reason for the next reject'],
  ['Enter', 'confirm typed digits or a pending reject'],
  ['Esc', 'drop what was typed'],
  ['j / ↓, k / ↑', 'next / previous item'],
  ['g', 'next item without your label'],
  ['u', 'undo your last label (a retraction is recorded; nothing is deleted)'],
  ['s', 'skip the item'],
  ['f', 'flag it for another look'],
  ['n', 'write a note for the next label'],
  ['?', 'this help'],
];

/** Every key of the Label queue. */
export function KeyHelpDialog({ onClose }: { onClose(): void }) {
  return (
    <ModalDialog title="Label queue keys" testId="key-help" canClose onClose={onClose}>
      <div className="modal-body">
        <table className="plain-table key-table">
          <tbody>
            {keys.map(([key, what]) => (
              <tr key={key}>
                <td className="nowrap">
                  <kbd>{key}</kbd>
                </td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <footer className="modal-foot">
        <button type="button" className="button" data-autofocus onClick={onClose}>
          Close
        </button>
      </footer>
    </ModalDialog>
  );
}
