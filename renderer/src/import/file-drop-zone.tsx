import { useRef, useState, type DragEvent, type RefObject } from 'react';
import { useImportStore } from './import-store';

/** A file input the buttons open: what it picked goes to `picked`, then it is emptied so the same files can be picked again after they were removed from the list. */
function HiddenPicker({
  ref,
  testId,
  picked,
  ...rest
}: {
  ref: RefObject<HTMLInputElement | null>;
  testId: string;
  picked: (files: File[]) => void;
  multiple?: boolean;
}) {
  return (
    <input
      ref={ref}
      type="file"
      {...rest}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={(e) => {
        picked([...(e.target.files ?? [])]);
        e.target.value = '';
      }}
    />
  );
}

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

/**
 * Where files are dropped, or picked with the system's file chooser; a run folder is picked
 * whole, so the files its journal names beside it (`code_file`) come along.
 */
export function FileDropZone() {
  const addFiles = useImportStore((s) => s.addFiles);
  const addFolder = useImportStore((s) => s.addFolder);
  const inputRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function onDragOver(event: DragEvent<HTMLDivElement>): void {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  }

  return (
    <div
      className={over ? 'drop-zone over' : 'drop-zone'}
      data-testid="import-drop-zone"
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        addFiles([...e.dataTransfer.files]);
      }}
    >
      <span className="drop-title">Drop files here</span>
      <span className="muted">or</span>
      <button type="button" className="button" data-autofocus onClick={() => inputRef.current?.click()}>
        Choose files…
      </button>
      <button type="button" className="button" title="A run folder: its journal and the program files it names" onClick={() => folderRef.current?.click()}>
        Choose folder…
      </button>
      <HiddenPicker ref={inputRef} testId="import-file-input" picked={addFiles} multiple />
      {/* webkitdirectory is not in React's attribute types; every browser engine and Electron read it. */}
      <HiddenPicker ref={folderRef} testId="import-folder-input" picked={addFolder} {...{ webkitdirectory: '' }} />
    </div>
  );
}
