/** The search operation. */
import { search } from './search';
import type { HandlersOf } from '../context/handlers-of';
import type { searchOperations } from '../../common/search/search-operations';

export const searchHandlers = {
  'search.query': (req, { db }) => search(db, req),
} satisfies HandlersOf<typeof searchOperations>;
