import { ModalDialog } from '../components/modal-dialog';
import type { Command } from './command';
import { groupCommands } from './command-search';
import { KeyChips } from './key-chips';

/** `?`: the keys of what is on screen now, by screen and panel, read from the same commands as the palette. */
export function KeyOverlay({ commands, mac, onClose }: { commands: readonly Command[]; mac: boolean; onClose(): void }) {
  const keyed = commands.filter((c) => (c.keys?.length ?? 0) > 0 || c.keyHint);
  return (
    <ModalDialog title="Keys on this screen" testId="key-help" canClose onClose={onClose}>
      <div className="modal-body key-overlay">
        {groupCommands(keyed).map(([group, list]) => (
          <section key={group} className="key-group" aria-label={group}>
            <h3>{group}</h3>
            <table className="plain-table key-table">
              <tbody>
                {list.map((command) => (
                  <tr key={command.id} data-testid="key-row" data-command-id={command.id}>
                    <td className="nowrap">
                      <KeyChips command={command} mac={mac} />
                    </td>
                    <td>{command.title}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
      <footer className="modal-foot">
        <button type="button" className="button" data-autofocus onClick={onClose}>
          Close
        </button>
      </footer>
    </ModalDialog>
  );
}
