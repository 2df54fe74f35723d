import { ApiError } from '../../common/errors';
import { aideImporter } from './aide-importer';
import { bundleImporter } from './bundle-importer';
import { describeUnrecognised } from './describe-file';
import type { Importer } from './importer';
import { inspectImporter } from './inspect-importer';
import { miniSweAgentImporter } from './mini-swe-agent-importer';
import { openHandsImporter } from './openhands-importer';
import { readHead } from './read-head';
import { sweAgentImporter } from './swe-agent-importer';

/**
 * Every input format the workbench reads. Adding a format is adding one importer here.
 * The agents' formats come first: their detectors look for fields only they write, while a
 * bundle is any JSON line with a record type.
 */
export const importers: readonly Importer[] = [openHandsImporter, miniSweAgentImporter, inspectImporter, bundleImporter, aideImporter, sweAgentImporter];

/** Picks the importer for a file: the one named by `format`, or the first whose detector accepts its head. */
export async function chooseImporter(path: string, label: string, format: string): Promise<Importer> {
  if (format !== 'auto') {
    const named = importers.find((i) => i.format === format);
    if (!named) throw new ApiError('invalid_request', `unknown format "${format}" (known: ${importers.map((i) => i.format).join(', ')})`);
    return named;
  }
  const head = await readHead(path, label);
  if (head.text.trim() === '') throw new ApiError('import_failed', `${label}: the file is empty`);
  const found = importers.find((i) => i.detect(head.text));
  if (!found) {
    throw new ApiError(
      'import_failed',
      `${label}: format not recognised: ${await describeUnrecognised(path, head)}. Tried ${importers.map((i) => i.format).join(', ')}; name one with --format`,
    );
  }
  return found;
}
