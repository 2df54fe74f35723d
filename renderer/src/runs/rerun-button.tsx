import { useId, useState } from 'react';
import { useCommands } from '../commands/use-commands';
import { useCan } from '../people/use-can';
import { RerunDialog, type ProgramVersion } from './rerun-dialog';

/**
 * "Rerun": runs a stored program version again, after a small dialog (backend, repeats, time
 * cap). The palette lists it; `keyed` gives it Shift+R where one program is on screen.
 */
export function RerunButton(props: { program: ProgramVersion; keyed?: boolean }) {
  return useCan('runs.rerun') ? <RerunControl {...props} /> : null;
}

function RerunControl({ program, keyed = false }: { program: ProgramVersion; keyed?: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  useCommands([{ id: `rerun${id}`, group: 'Program', title: `Rerun ${program.path} v${program.version}`, keys: keyed ? ['R'] : [], run: () => setOpen(true) }]);
  return (
    <>
      <button
        type="button"
        className="button button-small rerun-button"
        onClick={() => setOpen(true)}
        data-testid="rerun-button"
        title={`Run ${program.path} v${program.version} again, locally, over SSH or on Slurm`}
      >
        ▶ Rerun
      </button>
      {open && <RerunDialog program={program} onClose={() => setOpen(false)} />}
    </>
  );
}
