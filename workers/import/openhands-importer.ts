import { basename } from 'node:path';
import type { LocatedRecord } from './bundle-reader';
import { claim, type Importer } from './importer';
import { type Shape } from './json-shape';
import { itemsOf, member, textOf } from './shape-queries';
import { importError } from './import-error';
import { fileStem, readJsonValue } from './json-document';
import { readJsonLines } from './json-lines';
import { openHandsRecords } from './openhands-records';
import { probeFile } from './probe-file';
import { canonicalJson } from '../util/canonical-json';
import { contentHash } from './run-id';

/**
 * OpenHands runs, in the two forms OpenHands writes them: an evaluation's `output.jsonl`
 * (one instance per line: `instance_id`, `instance`, `metadata`, `history`, `test_result`,
 * `metrics`, `error`) and a session's event list (one JSON array of events). Each run is
 * one rollout, named from its instance (else the file) and its content's hash.
 */
export const openHandsImporter: Importer = {
  format: 'openhands',
  summary: 'OpenHands evaluation output.jsonl (an instance per line) and event-list JSON',
  recognise: ({ value }) => (isEvaluationOutput(value) || isEventList(value) ? claim.structure : null),
  records: readOpenHands,
};

/** An evaluation output line: the instance and the agent's history (or, without it, the agent's class in the metadata). */
function isEvaluationOutput(value: Shape | null): boolean {
  if (member(value, 'instance_id')?.kind !== 'string') return false;
  return member(value, 'history')?.kind === 'array' || member(value, 'metadata', 'agent_class')?.kind === 'string';
}

/** A session's events: each has its source, and agents' actions and the environment's observations name their kind. */
function isEventList(value: Shape | null): boolean {
  const events = itemsOf(value ?? undefined);
  return (
    events.some((e) => ['agent', 'user', 'environment'].includes(textOf(member(e, 'source')) ?? '')) &&
    events.some((e) => member(e, 'action')?.kind === 'string' || member(e, 'observation')?.kind === 'string')
  );
}

async function* readOpenHands(path: string, label: string, signal?: AbortSignal): AsyncGenerator<LocatedRecord> {
  const stem = fileStem(basename(path), ['.gz', '.json', '.jsonl']);
  if ((await probeFile(path, label, signal, (p) => p.value !== null)).value?.kind === 'array') {
    const { value } = await readJsonValue(path, label, signal);
    yield* openHandsRecords({ name: stem, hash: contentHash(canonicalJson(value)), history: events(value, label, 1, ''), output: {} }, label, 1);
    return;
  }
  for await (const { line, value } of readJsonLines(path, label, signal)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw importError({ file: label, line }, 'an evaluation output line must be a JSON object');
    }
    const { history, ...output } = value as Record<string, unknown>;
    const instance = output.instance_id;
    if (typeof instance !== 'string' || instance === '') throw importError({ file: label, line, field: 'instance_id' }, 'missing the instance id');
    yield* openHandsRecords({ name: instance, hash: contentHash(canonicalJson(value)), history: events(history, label, line, 'history'), output }, label, line);
  }
}

/** The run's events, checked to be objects; `field` names the array in errors. */
function events(value: unknown, label: string, line: number, field: string): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw importError({ file: label, line, field: field || undefined }, 'the event history must be a JSON array');
  value.forEach((event, i) => {
    if (typeof event !== 'object' || event === null || Array.isArray(event)) {
      throw importError({ file: label, line, field: field ? `${field}.${i}` : String(i) }, 'an event must be a JSON object');
    }
  });
  return value as Record<string, unknown>[];
}
