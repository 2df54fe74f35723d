import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../common/errors';
import type { WorkbenchSettings } from '../../../common/labels/labels';
import { installFakeWorkbench } from '../api/fake-workbench';
import { useAppStore } from './app-store';
import { useSettingsStore } from './settings-store';

const stored: WorkbenchSettings = {
  annotator: 'ana',
  blind: false,
  theme: 'system',
  density: 'comfortable',
  role: 'admin',
  signedIn: false,
  suggestedAnnotator: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('settings store', () => {
  it('fetches the settings once for every screen that loads them, and shows what a save stored', async () => {
    const backend = installFakeWorkbench(
      {
        'settings.get': () => stored,
        'settings.set': (changes) => {
          if (changes.annotator === '') throw new ApiError('invalid_request', 'annotator: a name is needed');
          return { ...stored, ...changes };
        },
      },
      '#/settings',
    );
    await Promise.all([useSettingsStore.getState().load(), useSettingsStore.getState().load()]);
    expect(backend.requestsOf('settings.get')).toHaveLength(1);
    expect(useSettingsStore.getState().settings).toEqual(stored);

    expect(await useSettingsStore.getState().save({ blind: true })).toBe(true);
    expect(useSettingsStore.getState().settings?.blind).toBe(true);

    expect(await useSettingsStore.getState().save({ annotator: '' })).toBe(false);
    expect(useSettingsStore.getState().settings?.annotator).toBe('ana');
    expect(useAppStore.getState().error).toMatchObject({ code: 'invalid_request', screen: 'settings' });
  });
});
