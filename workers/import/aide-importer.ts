import { basename } from 'node:path';
import type { LocatedRecord } from './bundle-reader';
import { aideJournal, looksLikeAideJournal } from './aide-journal';
import { elementLines, fileStem, keyLine, parseDocument, readJsonDocument } from './json-document';
import { canonicalJson } from './canonical-json';
import { contentHash } from './run-id';
import { journalRecords } from './aide-records';
import type { Importer } from './importer';

/**
 * AIDE journals (`journal.json`, one JSON document, indented or compact, optionally
 * gzipped), AI-Scientist-v2's among them. The task is named from the file, `aide:<name>`
 * for `<name>.journal.json` or `<name>.json`; the rollout from the file and its content's
 * hash, since every AIDE run writes `journal.json`.
 */
export const aideImporter: Importer = {
  format: 'aide',
  summary: 'AIDE and AI-Scientist-v2 journals (journal.json): one rollout, a step per node',
  detect: looksLikeAideJournal,
  records: readAideJournal,
};

async function* readAideJournal(path: string, label: string): AsyncGenerator<LocatedRecord> {
  const doc = await readJsonDocument(path, label);
  const nodes = elementLines(doc.text, 'nodes');
  const journal = parseDocument(doc, aideJournal, 'nodes', nodes);
  const link = (child: string) => keyLine(doc.text, 'node2parent', child);
  yield* journalRecords(journal, fileStem(basename(path), ['.gz', '.json', '.journal']), contentHash(canonicalJson(doc.value)), label, { nodes, link });
}
