/** The model operations: the ledger, the key and the prices. */
import { listLedger } from './ledger-queries';
import { deletePrice, listPrices, savePrice } from './price-queries';
import { written } from '../context/written';
import type { HandlersOf } from '../context/handlers-of';
import type { modelOperations } from '../../common/model/model-operations';

export const modelHandlers = {
  'ledger.list': (req, { db }) => listLedger(db, req),
  'models.status': (_req, { model }) => model.status(),
  'models.setKey': (req, { model }) => model.setAppKey(req.key, 'session'),
  'models.clearKey': (_req, { model }) => model.clearAppKey(),
  'prices.list': (_req, { db }) => listPrices(db),
  'prices.save': (req, ctx) => written(ctx, () => savePrice(ctx.db, req)),
  'prices.delete': (req, ctx) => written(ctx, () => deletePrice(ctx.db, req.model)),
} satisfies HandlersOf<typeof modelOperations>;
