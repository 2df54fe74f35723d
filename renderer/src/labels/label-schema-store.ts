/**
 * Label schemas (newest version of each) and the libraries a queue can be drawn from: what the
 * Labels screens' pickers and the Settings editor list.
 */
import { create } from 'zustand';
import type { LabelSchema } from '../../../common/labels/label-schema';
import type { LibrarySummary } from '../../../common/rubrics/rubric-types';
import { api } from '../api/bridge';
import { reportError } from '../app-state/app-store';

interface LabelSchemaState {
  schemas: LabelSchema[] | null;
  libraries: LibrarySummary[] | null;
  load(): Promise<void>;
  refresh(): Promise<void>;
}

let firstLoad: Promise<void> | null = null;

/** The label schema slice. */
export const useLabelSchemaStore = create<LabelSchemaState>()((set) => {
  async function fetchAll(): Promise<void> {
    try {
      const [schemas, libraries] = await Promise.all([api('labels.schemas', {}), api('libraries.list', {})]);
      set({ schemas, libraries });
    } catch (err) {
      reportError(err);
    }
  }
  return {
    schemas: null,
    libraries: null,
    load() {
      firstLoad ??= fetchAll();
      return firstLoad;
    },
    refresh() {
      firstLoad = fetchAll();
      return firstLoad;
    },
  };
});
