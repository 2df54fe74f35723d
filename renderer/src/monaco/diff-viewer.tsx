import { useEffect, useRef, useState } from 'react';
import { reportError } from '../app-state/app-store';
import { readOnlyOptions } from './editor-options';
import { diffEditor, disposeEditor, registerDiffEditor, setDiffModels } from './editor-registry';
import { languageFor } from './language';
import { loadedMonaco, loadMonaco, type MonacoApi } from './load-monaco';

/** One side of a diff: its text and the path that picks its language. */
export interface DiffSideText {
  content: string;
  path: string;
}

/** Props of a read-only diff view. */
export interface DiffViewerProps {
  /** Registry id of the diff editor, so the owner can drive it (next change, ...). */
  editorId: string;
  original: DiffSideText;
  modified: DiffSideText;
  sideBySide: boolean;
  testId: string;
  /**
   * Single-character shortcuts (letters, `[`, `]`) the owner handles on the page; they are
   * bound inside both editors too, so they keep working after a click into the code.
   */
  shortcuts: readonly string[];
  onShortcut(key: string): void;
  /** Changed regions of the shown pair once computed; null while the diff is computed. */
  onChanges(count: number | null): void;
}

function keyCodeOf(monaco: MonacoApi, key: string): number | undefined {
  if (key === '[') return monaco.KeyCode.BracketLeft;
  if (key === ']') return monaco.KeyCode.BracketRight;
  if (/^[a-z]$/.test(key)) return monaco.KeyCode[`Key${key.toUpperCase()}` as keyof typeof monaco.KeyCode];
  return undefined;
}

/**
 * The editors' text areas are form fields to a screen reader: each says which side it is. The
 * diff editor rewrites its sides' labels on every options update, so every update carries them.
 */
const sideLabels = { originalAriaLabel: 'Side A, read only', modifiedAriaLabel: 'Side B, read only' };

/**
 * Two texts in Monaco's diff editor, read-only, side by side or inline. The diff is computed
 * in the editor worker and the editor renders only what is visible, so files of thousands of
 * lines are shown whole; long unchanged stretches fold away (a click unfolds them).
 */
export function DiffViewer({ editorId, original, modified, sideBySide, testId, shortcuts, onShortcut, onChanges }: DiffViewerProps) {
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef({ sideBySide, shortcuts, onShortcut, onChanges });
  latest.current = { sideBySide, shortcuts, onShortcut, onChanges };

  useEffect(() => {
    let cancelled = false;
    loadMonaco().then((monaco) => {
      if (cancelled || !host.current) return;
      const instance = monaco.editor.createDiffEditor(host.current, {
        ...readOnlyOptions,
        originalEditable: false,
        renderSideBySide: latest.current.sideBySide,
        // The toggle decides, not the window's width.
        useInlineViewWhenSpaceIsLimited: false,
        // Indentation is syntax in Python: a re-indented line is a change.
        ignoreTrimWhitespace: false,
        // The diff runs in the worker; a big pair may take long but must not be cut short.
        maxComputationTime: 0,
        renderMarginRevertIcon: false,
        renderGutterMenu: false,
        hideUnchangedRegions: { enabled: true, contextLineCount: 4, minimumLineCount: 8, revealLineCount: 20 },
        ...sideLabels,
      });
      const owned = [instance.onDidUpdateDiff(() => latest.current.onChanges(instance.getLineChanges()?.length ?? null))];
      for (const side of [instance.getOriginalEditor(), instance.getModifiedEditor()]) {
        for (const key of latest.current.shortcuts) {
          const code = keyCodeOf(monaco, key);
          if (code === undefined) continue;
          owned.push(
            side.addAction({
              id: `rwb.shortcut.${key}`,
              label: `Compare shortcut ${key}`,
              keybindings: [code],
              keybindingContext: 'editorTextFocus',
              run: () => latest.current.onShortcut(key),
            }),
          );
        }
      }
      registerDiffEditor(editorId, instance, owned);
      setReady(true);
    }, reportError);
    return () => {
      cancelled = true;
      disposeEditor(editorId);
      setReady(false);
    };
  }, [editorId]);

  useEffect(() => {
    const monaco = loadedMonaco();
    if (!ready || !monaco) return;
    latest.current.onChanges(null);
    setDiffModels(
      editorId,
      monaco.editor.createModel(original.content, languageFor(original.path)),
      monaco.editor.createModel(modified.content, languageFor(modified.path)),
    );
  }, [editorId, ready, original.content, original.path, modified.content, modified.path]);

  useEffect(() => {
    if (ready) diffEditor(editorId)?.updateOptions({ renderSideBySide: sideBySide, ...sideLabels });
  }, [editorId, ready, sideBySide]);

  return (
    <div ref={host} className="monaco-host" data-testid={testId} data-ready={ready} data-view={sideBySide ? 'side-by-side' : 'inline'} aria-busy={!ready} />
  );
}
