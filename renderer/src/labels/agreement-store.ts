/**
 * The adjudication queue of one schema, fetched when its view opens and again after each
 * adjudication. (Agreement, which adjudications never change, is fetched by its view.)
 */
import { create } from 'zustand';
import type { RequestOf } from '../../../common/contract';
import type { Disagreement } from '../../../common/labels/labels';
import { api } from '../api/bridge';
import { reportError } from '../app-state/app-store';

interface AgreementState {
  schema: string | null;
  disagreements: Disagreement[] | null;
  load(schema: string): Promise<void>;
  /** Records an adjudication, then fetches the queue again; resolves whether it was saved. */
  adjudicate(label: RequestOf<'labels.add'>): Promise<boolean>;
  undoAdjudication(annotator: string): Promise<void>;
}

let sequence = 0;

/** The adjudication slice. */
export const useAgreementStore = create<AgreementState>()((set, get) => {
  async function fetchAll(schema: string): Promise<void> {
    const mine = ++sequence;
    try {
      const disagreements = await api('labels.disagreements', { schema });
      if (mine === sequence) set({ disagreements });
    } catch (err) {
      if (mine === sequence) reportError(err);
    }
  }
  return {
    schema: null,
    disagreements: null,
    async load(schema) {
      set({ schema, disagreements: null });
      await fetchAll(schema);
    },
    async adjudicate(label) {
      try {
        await api('labels.add', { ...label, adjudication: true });
      } catch (err) {
        reportError(err);
        return false;
      }
      await fetchAll(label.schema);
      return true;
    },
    async undoAdjudication(annotator) {
      const schema = get().schema;
      if (!schema) return;
      try {
        await api('labels.undo', { annotator, schema, adjudication: true });
      } catch (err) {
        reportError(err);
      }
      await fetchAll(schema);
    },
  };
});
