import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeWorkbench } from './fake-workbench';
import { announceWrite, onTablesChanged } from './table-changes';

afterEach(() => vi.unstubAllGlobals());

describe('onTablesChanged', () => {
  it("hears the backend's writes and this window's own, of the tables it follows only", () => {
    const backend = installFakeWorkbench({});
    const heard: string[] = [];
    const stop = onTablesChanged(['model_prices'], () => heard.push('prices'));
    backend.emit({ type: 'db:changed', tables: ['model_prices'] });
    backend.emit({ type: 'db:changed', tables: ['labels'] });
    announceWrite(['model_prices', 'labels']);
    announceWrite(['attempts']);
    // An event naming no table could have changed them all.
    backend.emit({ type: 'db:changed', tables: [] });
    expect(heard).toEqual(['prices', 'prices', 'prices']);

    stop();
    backend.emit({ type: 'db:changed', tables: ['model_prices'] });
    announceWrite(['model_prices']);
    expect(heard).toHaveLength(3);
  });
});
