import { describe, expect, it } from 'vitest';
import { useProgramViewerStore } from './program-viewer-store';
import { programKey } from './rollout-store';

describe('program viewer store', () => {
  it('opens one program version at a time and closes back to the excerpt', () => {
    const viewer = () => useProgramViewerStore.getState();
    expect(viewer().open).toBeNull();
    viewer().show({ path: 'train.py', version: 2 });
    viewer().show({ path: 'train.py', version: 3 });
    expect(viewer().open).toBe(programKey({ path: 'train.py', version: 3 }));
    viewer().close();
    expect(viewer().open).toBeNull();
  });
});
