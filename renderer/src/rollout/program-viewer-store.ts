/**
 * Whether the rollout screen shows a program version whole, in the program viewer. A frame
 * of the traceback or the excerpt's button opens it; the line to show stays with the failure
 * section, which already tracks it for the excerpt.
 */
import { create } from 'zustand';
import type { ProgramVersionRef } from '../../../common/corpus/corpus-types';
import { programKey } from './rollout-store';

interface ProgramViewerState {
  /** `programKey` of the version open in the viewer; null while the excerpt shows. */
  open: string | null;
  show(program: ProgramVersionRef): void;
  close(): void;
}

/** The program viewer slice. */
export const useProgramViewerStore = create<ProgramViewerState>()((set) => ({
  open: null,
  show(program) {
    set({ open: programKey(program) });
  },
  close() {
    set({ open: null });
  },
}));
