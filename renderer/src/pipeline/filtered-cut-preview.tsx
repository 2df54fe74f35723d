import { useOperation } from '../api/use-operation';

export interface FilteredCutPreviewProps {
  from: string;
  collection: string;
  /** The target size as typed; empty means the default, anything not a whole number in range shows no preview. */
  targetSize: string;
}

/**
 * What the Filtered cut in the form would keep, asked of the worker as the fields change
 * (`curation.filteredPreview`), in the words its run row will use; a target above what the
 * library has in some category is a warning, before anything is started.
 */
export function FilteredCutPreview({ from, collection, targetSize }: FilteredCutPreviewProps) {
  const size = targetSize.trim() === '' ? undefined : Number(targetSize.trim());
  const usable = from !== '' && (size === undefined || (Number.isInteger(size) && size >= 1 && size <= 100_000));
  // A later change of the fields asks again; the answer to the old fields is never shown.
  const { data: preview, error } = useOperation(
    'curation.filteredPreview',
    usable ? { from, ...(collection ? { collection } : {}), ...(size === undefined ? {} : { targetSize: size }) } : null,
  );

  if (error !== null) {
    return (
      <p className="cut-preview cut-preview-short" role="status" data-testid="new-run-cut-preview" data-state="refused">
        This cut cannot run: {error.message}
      </p>
    );
  }
  if (preview === null) return null;
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
