import { formatBytes } from '../lib/format';
import { useImportStore } from '../stores/import-store';

/** The files waiting to be imported, each removable. */
export function ChosenFiles() {
  const files = useImportStore((s) => s.files);
  const removeFile = useImportStore((s) => s.removeFile);
  if (files.length === 0) return <p className="chosen-none muted">No files chosen yet.</p>;
  return (
    <ul className="chosen-files" aria-label="Files to import">
      {files.map((file, i) => (
        <li key={`${file.name}:${file.size}:${file.lastModified}`}>
          <span className="mono chosen-name">{file.name}</span>
          <span className="muted">{formatBytes(file.size)}</span>
          <button type="button" className="link-button" aria-label={`Remove ${file.name}`} onClick={() => removeFile(i)}>
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
