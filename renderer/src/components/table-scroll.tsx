import type { ReactNode } from 'react';

/**
 * A table wider than its pane scrolls sideways inside it, rather than being cut or pushing the
 * pane wider; focusable and named, so the keyboard can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
