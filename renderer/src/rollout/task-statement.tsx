import { useState } from 'react';

/** The task statement, collapsed to a few lines until the reader expands it. */
export function TaskStatement({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > 240 || text.split('\n').length > 3;
  return (
    <div className={open || !long ? 'task-statement' : 'task-statement collapsed'}>
      <p data-folded={open || !long ? undefined : ''}>{text || <span className="muted">No statement recorded.</span>}</p>
      {long && (
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show full statement'}
        </button>
      )}
    </div>
  );
}
