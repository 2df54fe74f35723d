import { useState } from 'react';
import { RerunDialog, type ProgramVersion } from './rerun-dialog';

/** "Rerun": runs a stored program version again, after a small dialog (backend, repeats, time cap). */
export function RerunButton({ program }: { program: ProgramVersion }) {
  const [open, setOpen] = useState(false);
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
