import { useEffect, useId, useRef, useState } from 'react';
import { reportError } from '../app-state/app-store';
import { readOnlyOptions } from './editor-options';
import { codeEditor, disposeEditor, registerCodeEditor, setCodeModel } from './editor-registry';
import { languageFor } from './language';
import { loadedMonaco, loadMonaco } from './load-monaco';

/** Props of a read-only code view. */
export interface CodeViewerProps {
  content: string;
  /** The file's path, which picks its language. */
  path: string;
  /** 1-based line to scroll to and mark; null marks none. */
  line: number | null;
  ariaLabel: string;
  testId: string;
  /** Focus the editor once it exists, so arrows and Page Up/Down scroll it straight away. */
  autoFocus?: boolean;
}

/**
 * A file shown read-only in Monaco, a line marked (whole-line highlight, a glyph in the margin,
 * its number in bold and a tick in the overview ruler) and scrolled to the centre. Monaco
 * renders only the visible lines, so a file of any length is shown as it is.
 */
export function CodeViewer({ content, path, line, ariaLabel, testId, autoFocus = false }: CodeViewerProps) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const focusOnCreate = useRef(autoFocus);

  useEffect(() => {
    let cancelled = false;
    loadMonaco().then((monaco) => {
      if (cancelled || !host.current) return;
      const instance = monaco.editor.create(host.current, { ...readOnlyOptions, glyphMargin: true });
      registerCodeEditor(id, instance);
      if (focusOnCreate.current) instance.focus();
      setReady(true);
    }, reportError);
    return () => {
      cancelled = true;
      disposeEditor(id);
      setReady(false);
    };
  }, [id]);

  useEffect(() => {
    const monaco = loadedMonaco();
    if (!ready || !monaco) return;
    setCodeModel(id, monaco.editor.createModel(content, languageFor(path)));
    codeEditor(id)?.updateOptions({ ariaLabel });
  }, [id, ready, content, path, ariaLabel]);

  // Decorations belong to a model, so a new content needs the mark again, hence `content` here.
  useEffect(() => {
    const monaco = loadedMonaco();
    const instance = codeEditor(id);
    if (!ready || !monaco || !instance || line === null) return;
    const mark = instance.createDecorationsCollection([
      {
        range: new monaco.Range(line, 1, line, 1),
        options: {
          isWholeLine: true,
          className: 'monaco-focus-line',
          glyphMarginClassName: 'monaco-focus-glyph',
          lineNumberClassName: 'monaco-focus-line-number',
          overviewRuler: { color: '#d69e00', position: monaco.editor.OverviewRulerLane.Full },
        },
      },
    ]);
    // The caret goes there too, so arrow keys and Page Up/Down read on from the marked line.
    instance.setPosition({ lineNumber: line, column: 1 });
    instance.revealLineInCenter(line, monaco.editor.ScrollType.Immediate);
    return () => mark.clear();
  }, [id, ready, content, line]);

  return <div ref={host} className="monaco-host" data-testid={testId} data-ready={ready} data-line={line ?? undefined} aria-busy={!ready} />;
}
