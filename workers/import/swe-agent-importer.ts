import { basename } from 'node:path';
import type { LocatedRecord } from './bundle-reader';
import { elementLines, fileStem, parseDocument, readJsonDocument } from './json-document';
import type { Importer } from './importer';
import { trajectoryRecords } from './swe-agent-records';
import { looksLikeSweAgentTrajectory, sweAgentTrajectory } from './swe-agent-trajectory';

/**
 * SWE-agent trajectories (`<name>.traj`, one JSON document, optionally gzipped), from
 * 0.x schemas to 1.x. The rollout is named from the file, `swe-agent:<name>`; its task
 * from the instance id in the replay configuration, else from the file too.
 */
export const sweAgentImporter: Importer = {
  format: 'swe-agent',
  detect: looksLikeSweAgentTrajectory,
  records: readSweAgentTrajectory,
};

async function* readSweAgentTrajectory(path: string, label: string): AsyncGenerator<LocatedRecord> {
  const doc = await readJsonDocument(path, label);
  const lines = elementLines(doc.text, 'trajectory');
  const traj = parseDocument(doc, sweAgentTrajectory, 'trajectory', lines);
  yield* trajectoryRecords(traj, fileStem(basename(path), ['.gz', '.json', '.traj']), label, lines);
}
