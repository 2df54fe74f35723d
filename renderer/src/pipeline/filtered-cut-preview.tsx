import { useEffect, useState } from 'react';
import { toErrorData } from '../../../common/errors';
import type { FilteredPreview } from '../../../common/pipeline/filtered-preview';
import { api } from '../api/bridge';

export interface FilteredCutPreviewProps {
  from: string;
  collection: string;
  /** The target size as typed; empty means the default, anything not a whole number in range shows no preview. */
  targetSize: string;
}

type Shown = { preview: FilteredPreview } | { error: string } | null;

/**
 * What the Filtered cut in the form would keep, asked of the worker as the fields change
 * (`curation.filteredPreview`), in the words its run row will use; a target above what the
 * library has in some category is a warning, before anything is started.
 */
export function FilteredCutPreview({ from, collection, targetSize }: FilteredCutPreviewProps) {
  const [shown, setShown] = useState<Shown>(null);
  const size = targetSize.trim() === '' ? undefined : Number(targetSize.trim());
  const usable = from !== '' && (size === undefined || (Number.isInteger(size) && size >= 1 && size <= 100_000));

  useEffect(() => {
    if (!usable) {
      setShown(null);
      return;
    }
    // A later change of the fields makes this answer stale: it is dropped, not shown.
    let current = true;
    api('curation.filteredPreview', { from, ...(collection ? { collection } : {}), ...(size === undefined ? {} : { targetSize: size }) }).then(
      (preview) => current && setShown({ preview }),
      (err: unknown) => current && setShown({ error: toErrorData(err).message }),
    );
    return () => {
      current = false;
    };
  }, [from, collection, size, usable]);

  if (shown === null) return null;
  if ('error' in shown) {
    return (
      <p className="cut-preview cut-preview-short" role="status" data-testid="new-run-cut-preview" data-state="refused">
        This cut cannot run: {shown.error}
      </p>
    );
  }
  const { preview } = shown;
  const short = preview.short > 0;
  return (
    <p
      className={short ? 'cut-preview cut-preview-short' : 'cut-preview'}
      role="status"
      data-testid="new-run-cut-preview"
      data-state={short ? 'short' : 'exact'}
    >
      {short ? `The quotas for ${preview.targetSize} ask for more than the library has: ` : `At ${preview.targetSize}: `}
      <span data-testid="new-run-cut-summary">{preview.summary}</span>
    </p>
  );
}
