/** Props of the diff toolbar. */
export interface CompareToolbarProps {
  sideBySide: boolean;
  /** Changed regions of the shown pair; null while computing or when no diff is shown. */
  changes: number | null;
  onView(sideBySide: boolean): void;
  onStep(direction: 'next' | 'previous'): void;
}

/** View mode (side by side or inline), moving between changes, and how many there are. */
export function CompareToolbar({ sideBySide, changes, onView, onStep }: CompareToolbarProps) {
  return (
    <div className="compare-toolbar">
      <div className="segmented" role="group" aria-label="Diff layout">
        <button type="button" aria-pressed={sideBySide} data-testid="compare-view-side-by-side" title="Side by side (s)" onClick={() => onView(true)}>
          Side by side
        </button>
        <button type="button" aria-pressed={!sideBySide} data-testid="compare-view-inline" title="Inline (i)" onClick={() => onView(false)}>
          Inline
        </button>
      </div>
      <button
        type="button"
        className="button"
        data-testid="compare-prev-change"
        title="Previous change ([)"
        disabled={!changes}
        onClick={() => onStep('previous')}
      >
        ↑ Previous
      </button>
      <button type="button" className="button" data-testid="compare-next-change" title="Next change (])" disabled={!changes} onClick={() => onStep('next')}>
        ↓ Next
      </button>
      <span className="compare-change-count" data-testid="compare-change-count" data-changes={changes ?? ''}>
        {changes === null ? 'computing…' : changes === 0 ? 'identical' : `${changes} ${changes === 1 ? 'change' : 'changes'}`}
      </span>
      <span className="key-hint">
        <kbd>s</kbd>/<kbd>i</kbd> layout · <kbd>[</kbd>/<kbd>]</kbd> changes
      </span>
    </div>
  );
}
