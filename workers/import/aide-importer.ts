import { basename } from 'node:path';
import type { LocatedRecord } from './bundle-reader';
import { aideJournal, looksLikeAideJournal } from './aide-journal';
import { elementLines, fileStem, parseDocument, readJsonDocument } from './json-document';
import { journalRecords } from './aide-records';
import type { Importer } from './importer';

/**
 * AIDE journals (`journal.json`, one JSON document, indented or compact, optionally
 * gzipped). The rollout and its task are named from the file: `aide:<name>` for
 * `<name>.journal.json` or `<name>.json`.
 */
export const aideImporter: Importer = {
  format: 'aide',
  detect: looksLikeAideJournal,
  records: readAideJournal,
};

async function* readAideJournal(path: string, label: string): AsyncGenerator<LocatedRecord> {
  const doc = await readJsonDocument(path, label);
  const lines = elementLines(doc.text, 'nodes');
  const journal = parseDocument(doc, aideJournal, 'nodes', lines);
  yield* journalRecords(journal, fileStem(basename(path), ['.gz', '.json', '.journal']), label, lines);
}
