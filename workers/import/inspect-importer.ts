/**
 * Inspect AI eval logs, in both of Inspect's formats: a `.json` log (one document:
 * `version`, `eval`, `plan`, `results`, `stats`, `samples`) and a `.eval` log (a zip
 * holding `header.json`, `samples/<id>_epoch_<n>.json`, summaries and a journal). A
 * `.eval` is read entry by entry, never unpacked. Each sample and epoch is one rollout.
 */
import type { LocatedRecord } from './bundle-reader';
import { claim, type Importer } from './importer';
import { member } from './shape-queries';
import { importError } from './import-error';
import { decodeUtf8, maxDocumentBytes, readJsonValue } from './json-document';
import { parseJsonText } from './json-text';
import { inspectEval, inspectShared, sampleRecords } from './inspect-records';
import { probeFile, type FileProbe } from './probe-file';
import { canonicalJson } from '../util/canonical-json';
import { contentHash } from './run-id';
import { openZip, type ZipArchive } from './zip-entries';

export const inspectImporter: Importer = {
  format: 'inspect',
  summary: 'Inspect AI eval logs, .json and .eval: a rollout per sample and epoch',
  recognise: (probe) => (isInspectZip(probe) || isInspectJson(probe) ? claim.marker : null),
  records: readInspect,
};

/** A `.eval` archive: its header, its journal or its samples by name. */
function isInspectZip({ container, entries }: FileProbe): boolean {
  return container === 'zip' && (entries ?? []).some((n) => /^(header\.json|_journal\/start\.json|samples\/[^/]+\.json)$/.test(n));
}

/** A `.json` log: the log's version and the eval it ran, named by its task or run id. */
function isInspectJson({ value }: FileProbe): boolean {
  return member(value, 'version')?.kind === 'number' && (member(value, 'eval', 'task_id') ?? member(value, 'eval', 'run_id')) !== undefined;
}

async function* readInspect(path: string, label: string, signal?: AbortSignal): AsyncGenerator<LocatedRecord> {
  if ((await probeFile(path, label, signal, () => true)).container === 'zip') yield* readEvalZip(path, label, signal);
  else yield* readJsonLog(path, label, signal);
}

async function* readJsonLog(path: string, label: string, signal?: AbortSignal): AsyncGenerator<LocatedRecord> {
  const { value } = await readJsonValue(path, label, signal);
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

/**
 * Most bytes the entries one `.eval` import reads (its header and samples) may inflate to
 * in all: each is capped at maxDocumentBytes, and this bounds the archive, checked from
 * the sizes its directory declares before anything is inflated.
 */
export const maxArchiveBytes = 512 * 1024 * 1024;

async function* readEvalZip(path: string, label: string, signal?: AbortSignal): AsyncGenerator<LocatedRecord> {
  const zip = await openZip(path, label, maxDocumentBytes);
  try {
    const headerName = ['header.json', '_journal/start.json'].find((n) => zip.names.includes(n));
    if (headerName === undefined) throw importError({ file: label, line: 1 }, 'the archive holds neither header.json nor _journal/start.json');
    const samples = zip.names.filter((n) => /^samples\/[^/]+\.json$/.test(n)).sort();
    const total = [headerName, ...samples].reduce((sum, n) => sum + zip.size(n), 0);
    if (total > maxArchiveBytes) {
      throw importError(
        { file: label, line: 1 },
        `the archive's header and ${samples.length} samples inflate to ${Math.ceil(total / 1024 / 1024)} MiB, more than the ${maxArchiveBytes / 1024 / 1024} MiB one import reads`,
      );
    }
    const header = await entryJson(zip, label, headerName, signal);
    const spec = inspectEval(header);
    yield* inspectShared(label);
    for (const name of samples) {
      const entryLabel = `${label}/${name}`;
      const bytes = await zip.read(name, signal);
      const sample = objectOf(parseJsonText(decodeUtf8(bytes, entryLabel), entryLabel), entryLabel);
      yield* sampleRecords(sample, spec, contentHash(`${spec.runId ?? ''}\n${canonicalJson(sample)}`), entryLabel);
    }
  } finally {
    zip.close();
  }
}

async function entryJson(zip: ZipArchive, label: string, name: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const entryLabel = `${label}/${name}`;
  return objectOf(parseJsonText(decodeUtf8(await zip.read(name, signal), entryLabel), entryLabel), entryLabel);
}

function objectOf(value: unknown, label: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw importError({ file: label, line: 1 }, 'must be a JSON object');
  return value as Record<string, unknown>;
}
