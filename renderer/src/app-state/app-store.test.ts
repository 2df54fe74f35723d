import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../common/errors';
import { installFakeWorkbench } from '../api/fake-workbench';
import { useAppStore } from './app-store';

beforeEach(() => useAppStore.setState({ info: null, error: null }));
afterEach(() => vi.unstubAllGlobals());

describe('app store', () => {
  it('shows an error on the screen it came from until its source succeeds or the user moves on', () => {
    installFakeWorkbench({}, '#/labels');
    const app = () => useAppStore.getState();
    app().reportError(new ApiError('unavailable', 'no answer'), { source: 'labels.add' });
    expect(app().error).toMatchObject({ code: 'unavailable', screen: 'labels', source: 'labels.add' });
    app().resolveError('labels.cursor');
    expect(app().error).not.toBeNull();
    app().leaveScreen('labels');
    expect(app().error).not.toBeNull();
    app().resolveError('labels.add');
    expect(app().error).toBeNull();

    app().reportError(new Error('boom'), { screen: 'corpus' });
    app().leaveScreen('runs');
    expect(app().error).toBeNull();
  });

  it("loads the backend's info, or says why not", async () => {
    installFakeWorkbench({ 'app.info': () => Promise.reject(new ApiError('unavailable', 'worker restarting')) }, '#/corpus');
    await useAppStore.getState().loadInfo();
    expect(useAppStore.getState().info).toBeNull();
    expect(useAppStore.getState().error).toMatchObject({ code: 'unavailable', screen: 'corpus', source: 'app.info' });
  });
});
