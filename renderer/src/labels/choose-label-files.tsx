import { useRef, type ReactNode } from 'react';
import { useLabelImportStore } from './label-import-store';

/**
 * A button that opens the system's file chooser for label files and imports what is chosen.
 * Each place that offers it (the toolbar, the import dialog) has its own hidden input: one
 * outside an open modal dialog sits in the inert page.
 */
export function ChooseLabelFiles({ testId, title, children }: { testId: string; title?: string; children: ReactNode }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const start = useLabelImportStore((s) => s.start);
  return (
    <>
      <button
        type="button"
        className="button"
        data-testid={testId}
        title={title}
        onClick={(e) => {
          // Hands the keyboard back to the Labels screen, as its selects do: a focused button would take the queue's Enter.
          e.currentTarget.blur();
          inputRef.current?.click();
        }}
      >
        {children}
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept=".jsonl,.jsonl.gz,.csv"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${testId}-input`}
        onChange={(e) => {
          void start([...(e.target.files ?? [])]);
          // Lets the same file be chosen again, after it was fixed.
          e.target.value = '';
        }}
      />
    </>
  );
}
