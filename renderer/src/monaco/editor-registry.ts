/**
 * Every live Monaco editor, by the id of the React component that shows it. Editors and their
 * models are not plain data, so they live here rather than in React state or a store; the
 * component creates its editor on mount and calls `disposeEditor` on unmount, which frees the
 * editor, its models and whatever else it was given to own (STYLE.md "Native parts").
 */
import type { editor, IDisposable } from 'monaco-editor/editor';

type Entry =
  | { kind: 'code'; editor: editor.IStandaloneCodeEditor; models: editor.ITextModel[]; owned: IDisposable[] }
  | { kind: 'diff'; editor: editor.IStandaloneDiffEditor; models: editor.ITextModel[]; owned: IDisposable[] };

const entries = new Map<string, Entry>();

/** Registers a code editor under `id` (replacing and disposing any earlier one). */
export function registerCodeEditor(id: string, instance: editor.IStandaloneCodeEditor, owned: IDisposable[] = []): void {
  disposeEditor(id);
  entries.set(id, { kind: 'code', editor: instance, models: [], owned });
}

/** Registers a diff editor under `id` (replacing and disposing any earlier one). */
export function registerDiffEditor(id: string, instance: editor.IStandaloneDiffEditor, owned: IDisposable[] = []): void {
  disposeEditor(id);
  entries.set(id, { kind: 'diff', editor: instance, models: [], owned });
}

/** The code editor registered under `id`, if it is still live. */
export function codeEditor(id: string): editor.IStandaloneCodeEditor | undefined {
  const entry = entries.get(id);
  return entry?.kind === 'code' ? entry.editor : undefined;
}

/** The diff editor registered under `id`, if it is still live. */
export function diffEditor(id: string): editor.IStandaloneDiffEditor | undefined {
  const entry = entries.get(id);
  return entry?.kind === 'diff' ? entry.editor : undefined;
}

/** Shows `model` in the code editor `id`; the editor owns it from now on and frees the one it replaces. */
export function setCodeModel(id: string, model: editor.ITextModel): void {
  const entry = entries.get(id);
  if (entry?.kind !== 'code') return void model.dispose();
  const previous = entry.models;
  entry.editor.setModel(model);
  entry.models = [model];
  for (const m of previous) m.dispose();
}

/** Shows two models in the diff editor `id`; it owns them from now on and frees the ones they replace. */
export function setDiffModels(id: string, original: editor.ITextModel, modified: editor.ITextModel): void {
  const entry = entries.get(id);
  if (entry?.kind !== 'diff') {
    original.dispose();
    modified.dispose();
    return;
  }
  const previous = entry.models;
  entry.editor.setModel({ original, modified });
  entry.models = [original, modified];
  // Only after the editor has let go: a diff editor throws when its models die under it.
  for (const m of previous) m.dispose();
}

/** Disposes the editor `id`, its models and everything it owns; a no-op for an unknown id. */
export function disposeEditor(id: string): void {
  const entry = entries.get(id);
  if (!entry) return;
  entries.delete(id);
  for (const d of entry.owned) d.dispose();
  entry.editor.setModel(null);
  entry.editor.dispose();
  for (const m of entry.models) m.dispose();
}
