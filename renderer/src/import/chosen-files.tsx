import { formatBytes } from '../lib/format';
import { useImportStore } from './import-store';
import { chosenName, companionsOf } from './chosen-folder';

/** The files waiting to be imported, each removable, and how many files of their folders travel with them. */
export function ChosenFiles() {
  const files = useImportStore((s) => s.files);
  const companions = useImportStore((s) => s.companions);
  const removeFile = useImportStore((s) => s.removeFile);
  if (files.length === 0) return <p className="chosen-none muted">No files chosen yet.</p>;
  const along = companionsOf(files, companions).length;
  return (
    <>
      <ul className="chosen-files" aria-label="Files to import">
        {files.map((file, i) => (
          <li key={`${chosenName(file)}:${file.size}:${file.lastModified}`}>
            <span className="mono chosen-name">{chosenName(file)}</span>
            <span className="muted">{formatBytes(file.size)}</span>
            <button type="button" className="link-button" aria-label={`Remove ${chosenName(file)}`} onClick={() => removeFile(i)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      {along > 0 && (
        <p className="muted" data-testid="import-companions">
          and {along} other {along === 1 ? 'file' : 'files'} of the chosen {along === 1 ? 'folder' : 'folders'}, sent along for the runs that name them
        </p>
      )}
    </>
  );
}
