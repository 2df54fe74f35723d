/** The export operation of the corpus map: a bundle streamed from a read connection of its own. */
import { exportBundleTo } from './bundle-export';
import type { HandlersOf } from '../context/handlers-of';
import type { corpusOperations } from '../../common/corpus/corpus-operations';

export const exportHandlers = {
  'export.bundle': (req, { ownReader, dbPath }) => exportBundleTo(ownReader, dbPath, req.out),
} satisfies HandlersOf<Pick<typeof corpusOperations, 'export.bundle'>>;
