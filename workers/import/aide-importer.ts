import { readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { LocatedRecord } from './bundle-reader';
import { aideJournal, isAideJournal } from './aide-journal';
import { decodeUtf8, elementLines, fileStem, keyLine, parseDocument, readJsonDocument } from './json-document';
import { canonicalJson } from '../util/canonical-json';
import { contentHash } from './run-id';
import { journalRecords, type CodeFileReader } from './aide-records';
import { importError, type SourceLocation } from './import-error';
import { claim, type Importer } from './importer';

/**
 * AIDE journals (`journal.json`, one JSON document, indented or compact, optionally
 * gzipped), AI-Scientist-v2's among them. The task is named from the file, `aide:<name>`
 * for `<name>.journal.json` or `<name>.json`; the rollout from the file and its content's
 * hash, since every AIDE run writes `journal.json`.
 */
export const aideImporter: Importer = {
  format: 'aide',
  summary: 'AIDE and AI-Scientist-v2 journals (journal.json): one rollout, a step per node',
  recognise: ({ value }) => (isAideJournal(value) ? claim.structure : null),
  records: readAideJournal,
};

async function* readAideJournal(path: string, label: string, signal?: AbortSignal): AsyncGenerator<LocatedRecord> {
  const doc = await readJsonDocument(path, label, signal);
  const nodes = elementLines(doc.text, 'nodes');
  const journal = parseDocument(doc, aideJournal, 'nodes', nodes);
  const link = (child: string) => keyLine(doc.text, 'node2parent', child);
  yield* journalRecords(
    journal,
    fileStem(basename(path), ['.gz', '.json', '.journal']),
    contentHash(canonicalJson(doc.value)),
    label,
    { nodes, link },
    codeFilesBeside(path),
  );
}

/** A program file larger than this is not a node's code. */
const maxCodeFileBytes = 16 * 1024 * 1024;

function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && rel.split(sep)[0] !== '..' && !isAbsolute(rel);
}

function outsideFolder(where: SourceLocation, codeFile: string): Error {
  return importError(where, `names ${codeFile}, which is outside the journal's folder; only files beside the journal are read`);
}

/**
 * Reads `code_file`s from the journal's own folder: a relative name below it, an absolute
 * one (the machine the run was on) by its file name there. Nothing outside that folder is
 * read, links included, so a journal cannot pull another file of this machine into the corpus.
 */
function codeFilesBeside(journalPath: string): CodeFileReader {
  const folder = realpathSync(dirname(journalPath));
  return (codeFile, where) => {
    const candidate = isAbsolute(codeFile) ? join(folder, basename(codeFile)) : resolve(folder, codeFile);
    // Judged by the name first: whether a file outside the folder exists is not the journal's to learn.
    if (!inside(folder, candidate)) throw outsideFolder(where, codeFile);
    let real: string;
    try {
      real = realpathSync(candidate);
    } catch {
      throw importError(
        where,
        `names ${codeFile}, which is not in the journal's folder (${candidate} does not exist); keep the node's code files beside the journal`,
      );
    }
    if (!inside(folder, real)) throw outsideFolder(where, codeFile);
    if (statSync(real).size > maxCodeFileBytes) throw importError(where, `names ${codeFile}, which is larger than ${maxCodeFileBytes / 1024 / 1024} MiB`);
    return decodeUtf8(readFileSync(real), codeFile);
  };
}
