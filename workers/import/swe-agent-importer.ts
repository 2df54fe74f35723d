import { basename } from 'node:path';
import type { LocatedRecord } from './bundle-reader';
import { elementLines, fileStem, parseDocument, readJsonDocument } from './json-document';
import { claim, type Importer } from './importer';
import { canonicalJson } from '../util/canonical-json';
import { contentHash } from './run-id';
import { trajectoryRecords } from './swe-agent-records';
import { isSweAgentTrajectory, sweAgentTrajectory } from './swe-agent-trajectory';

/**
 * SWE-agent trajectories (`<name>.traj`, one JSON document, optionally gzipped), from
 * 0.x schemas to 1.x, and files holding only the conversation (`history`). The rollout is
 * named from the instance id in the replay configuration (else the file) and the hash of
 * the file's text, so two runs of one instance import side by side; its task from the
 * instance id alone.
 */
export const sweAgentImporter: Importer = {
  format: 'swe-agent',
  summary: 'SWE-agent trajectories (.traj), 0.x to 1.x, and history-only files',
  recognise: ({ value }) => (isSweAgentTrajectory(value) ? claim.structure : null),
  records: readSweAgentTrajectory,
};

async function* readSweAgentTrajectory(path: string, label: string, signal?: AbortSignal): AsyncGenerator<LocatedRecord> {
  const doc = await readJsonDocument(path, label, signal);
  const lines = elementLines(doc.text, 'trajectory');
  const traj = parseDocument(doc, sweAgentTrajectory, 'trajectory', lines);
  yield* trajectoryRecords(traj, fileStem(basename(path), ['.gz', '.json', '.traj']), contentHash(canonicalJson(doc.value)), label, lines);
}
