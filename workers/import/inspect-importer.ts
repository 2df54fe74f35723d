/**
 * Inspect AI eval logs, in both of Inspect's formats: a `.json` log (one document:
 * `version`, `eval`, `plan`, `results`, `stats`, `samples`) and a `.eval` log (a zip
 * holding `header.json`, `samples/<id>_epoch_<n>.json`, summaries and a journal). A
 * `.eval` is read entry by entry, never unpacked. Each sample and epoch is one rollout.
 */
import type { LocatedRecord } from './bundle-reader';
import type { Importer } from './importer';
import { importError } from './import-error';
import { decodeUtf8, maxDocumentBytes, readJsonValue } from './json-document';
import { parseJsonText } from './json-text';
import { inspectEval, inspectShared, sampleRecords } from './inspect-records';
import { readHead } from './read-head';
import { canonicalJson } from './canonical-json';
import { contentHash } from './run-id';
import { openZip } from './zip-entries';

export const inspectImporter: Importer = {
  format: 'inspect',
  summary: 'Inspect AI eval logs, .json and .eval: a rollout per sample and epoch',
  detect: (head) => isInspectZip(head) || isInspectJson(head),
  records: readInspect,
};

const zipMagic = 'PK\u0003\u0004';

function isInspectZip(head: string): boolean {
  return head.startsWith(zipMagic) && /(header\.json|_journal\/start\.json|samples\/[^/]+\.json)/.test(head);
}

function isInspectJson(head: string): boolean {
  return /^\s*\{\s*"version"\s*:\s*\d+/.test(head) && /"eval"\s*:\s*\{/.test(head) && /"(task_id|run_id)"\s*:/.test(head);
}

async function* readInspect(path: string, label: string): AsyncGenerator<LocatedRecord> {
  if ((await readHead(path, label)).bytes.subarray(0, 4).toString('latin1') === zipMagic) yield* readEvalZip(path, label);
  else yield* readJsonLog(path, label);
}

async function* readJsonLog(path: string, label: string): AsyncGenerator<LocatedRecord> {
  const { value } = await readJsonValue(path, label);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw importError({ file: label, line: 1 }, 'the log must be a JSON object');
  const log = value as Record<string, unknown>;
  const spec = inspectEval(log);
  if (!Array.isArray(log.samples)) throw importError({ file: label, line: 1, field: 'samples' }, 'the log holds no samples (a header-only log)');
  yield* inspectShared(label);
  for (const [i, sample] of log.samples.entries()) {
    if (typeof sample !== 'object' || sample === null) throw importError({ file: label, line: 1, field: `samples.${i}` }, 'a sample must be a JSON object');
    yield* sampleRecords(sample as Record<string, unknown>, spec, contentHash(`${spec.runId ?? ''}\n${canonicalJson(sample)}`), label);
  }
}

async function* readEvalZip(path: string, label: string): AsyncGenerator<LocatedRecord> {
  const zip = await openZip(path, label, maxDocumentBytes);
  try {
    const headerName = ['header.json', '_journal/start.json'].find((n) => zip.names.includes(n));
    if (headerName === undefined) throw importError({ file: label, line: 1 }, 'the archive holds neither header.json nor _journal/start.json');
    const header = await entryJson(zip, label, headerName);
    const spec = inspectEval(header);
    yield* inspectShared(label);
    for (const name of zip.names.filter((n) => /^samples\/[^/]+\.json$/.test(n)).sort()) {
      const entryLabel = `${label}/${name}`;
      const bytes = await zip.read(name);
      const sample = objectOf(parseJsonText(decodeUtf8(bytes, entryLabel), entryLabel), entryLabel);
      yield* sampleRecords(sample, spec, contentHash(`${spec.runId ?? ''}\n${canonicalJson(sample)}`), entryLabel);
    }
  } finally {
    zip.close();
  }
}

async function entryJson(zip: Awaited<ReturnType<typeof openZip>>, label: string, name: string): Promise<Record<string, unknown>> {
  const entryLabel = `${label}/${name}`;
  return objectOf(parseJsonText(decodeUtf8(await zip.read(name), entryLabel), entryLabel), entryLabel);
}

function objectOf(value: unknown, label: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw importError({ file: label, line: 1 }, 'must be a JSON object');
  return value as Record<string, unknown>;
}
