/**
 * The price table of Settings: US dollars per million tokens by model. The backend judges
 * every save; a refused one comes back as messages by field for the row being edited.
 */
import { create } from 'zustand';
import type { RequestOf } from '../../../common/contract';
import type { ModelPriceRow } from '../../../common/pipeline/model-types';
import { api } from '../api/bridge';
import { onTablesChanged } from '../api/table-changes';
import { fieldErrorsOf, type FieldErrors } from '../runs';
import { reportError } from '../app-state/app-store';

interface PriceState {
  prices: ModelPriceRow[] | null;
  load(): Promise<void>;
  /** Adds or changes one model's prices; resolves to null on success, else the backend's messages by field. */
  save(price: RequestOf<'prices.save'>): Promise<FieldErrors | null>;
  remove(model: string): Promise<void>;
}

/** The price table slice. */
export const usePriceStore = create<PriceState>()((set, get) => ({
  prices: null,
  async load() {
    try {
      set({ prices: await api('prices.list', {}) });
    } catch (err) {
      reportError(err);
    }
  },
  async save(price) {
    try {
      set({ prices: await api('prices.save', price) });
      return null;
    } catch (err) {
      return fieldErrorsOf(err);
    }
  },
  async remove(model) {
    try {
      set({ prices: await api('prices.delete', { model }) });
    } catch (err) {
      reportError(err);
      // Most likely gone already (another window, the CLI): show the table as it is.
      await get().load();
    }
  },
}));

/** Refetches when anyone else changes the table; returns the unsubscribe function. */
export function followPriceChanges(): () => void {
  return onTablesChanged(['model_prices'], () => void usePriceStore.getState().load());
}
