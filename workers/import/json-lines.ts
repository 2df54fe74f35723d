/**
 * Reading JSON Lines files that are not bundles (OpenHands evaluation output): each
 * non-blank line is one JSON document, parsed with the same rules as a one-document file
 * (non-finite numbers, nesting, errors that never quote the text), its line number kept.
 */
import { LineSplitter, openText, readError, type BundleLine } from './bundle-reader';
import { checkCancelled } from './import-cancel';
import { parseJsonText } from './json-text';

/** One parsed line: its number and its value. */
export interface JsonLine {
  line: number;
  value: unknown;
}

export async function* readJsonLines(path: string, label: string, signal?: AbortSignal): AsyncGenerator<JsonLine> {
  const input = await openText(path);
  const splitter = new LineSplitter(label);
  const lines: BundleLine[] = [];
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      checkCancelled(signal, label);
      splitter.push(chunk, lines);
      yield* parsed(lines, label);
      lines.length = 0;
    }
    splitter.end(lines);
    yield* parsed(lines, label);
  } catch (err) {
    throw readError(err, label, splitter.line + 1);
  } finally {
    input.destroy();
  }
}

function* parsed(lines: readonly BundleLine[], label: string): Generator<JsonLine> {
  for (const { line, text } of lines) {
    if (text.trim() === '') continue;
    yield { line, value: parseJsonText(text, label, line) };
  }
}
