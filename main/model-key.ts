/**
 * Setting and clearing the model API key in the desktop app: main keeps it in the OS's safe
 * storage and hands it to the worker over the worker protocol, so neither the renderer's
 * requests to the worker nor the corpus ever carry it.
 */
import type { ParsedRequestOf, Result } from '../common/contract';
import { toErrorData } from '../common/errors';
import type { ApiKeyStore } from './api-key-store';
import type { ShellOperations } from './ipc';
import type { WorkerHost } from './worker-host';

/** Hands the stored key, if any, to every worker the host starts. */
export function restoreApiKey(host: Pick<WorkerHost, 'setCredentials'>, store: ApiKeyStore): void {
  const key = store.load();
  if (key !== null) host.setCredentials(key, 'safe-storage');
}

/** `models.setKey` and `models.clearKey`, answered with the worker's `models.status` afterwards. */
export function modelKeyOperations(host: Pick<WorkerHost, 'setCredentials' | 'call'>, store: ApiKeyStore): ShellOperations {
  const status = () => host.call('models.status', {});
  const guarded = (change: () => void): Promise<Result<unknown>> => {
    try {
      change();
    } catch (err) {
      // The message is the file system's or safeStorage's; neither includes the key.
      return Promise.resolve({ ok: false, error: toErrorData(err) });
    }
    return status();
  };
  return (op, request) => {
    if (op === 'models.setKey') {
      const { key } = request as ParsedRequestOf<'models.setKey'>;
      return guarded(() => host.setCredentials(key, store.save(key)));
    }
    if (op === 'models.clearKey') {
      return guarded(() => {
        store.clear();
        host.setCredentials(null, 'session');
      });
    }
    return undefined;
  };
}
