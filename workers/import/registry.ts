import { ApiError } from '../../common/errors';
import { aideImporter } from './aide-importer';
import { bundleImporter } from './bundle-importer';
import { describeUnrecognised } from './describe-file';
import { claim, type Importer } from './importer';
import { inspectImporter } from './inspect-importer';
import { miniSweAgentImporter } from './mini-swe-agent-importer';
import { openHandsImporter } from './openhands-importer';
import { probeFile } from './probe-file';
import { sweAgentImporter } from './swe-agent-importer';

/**
 * Every input format the workbench reads. Adding a format is adding one importer here.
 * The order only breaks a tie between two importers claiming a file equally specifically.
 */
export const importers: readonly Importer[] = [openHandsImporter, miniSweAgentImporter, inspectImporter, bundleImporter, aideImporter, sweAgentImporter];

/**
 * Picks the importer for a file: the one named by `format`, or the one that claims the
 * file's structure most specifically (importer.ts, `claim`).
 */
export async function chooseImporter(path: string, label: string, format: string, signal?: AbortSignal): Promise<Importer> {
  if (format !== 'auto') {
    const named = importers.find((i) => i.format === format);
    if (!named) throw new ApiError('invalid_request', `unknown format "${format}" (known: ${importers.map((i) => i.format).join(', ')})`);
    return named;
  }
  // A format's own marker is the most specific claim there is: once one is seen, nothing later in the file can change the answer.
  const probe = await probeFile(path, label, signal, (partial) => importers.some((i) => i.recognise(partial) === claim.marker));
  if (probe.container === 'empty') throw new ApiError('import_failed', `${label}: the file is empty`);
  let found: Importer | null = null;
  let best = 0;
  for (const importer of importers) {
    const specificity = importer.recognise(probe) ?? 0;
    if (specificity > best) [found, best] = [importer, specificity];
  }
  if (!found) {
    throw new ApiError(
      'import_failed',
      `${label}: format not recognised: ${describeUnrecognised(probe)}. Tried ${importers.map((i) => i.format).join(', ')}; name one with --format`,
    );
  }
  return found;
}
