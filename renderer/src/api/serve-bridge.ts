/**
 * The bridge for serve mode: the same operations as the Electron preload, over HTTP
 * (`POST /api/<operation>`) and a WebSocket of events, authenticated by the page's token.
 */
import type { BridgeMethods, OperationName, Result, WorkbenchBridge } from '../../../common/contract';
import { isApiErrorData } from '../../../common/errors';
import { operationRoles } from '../../../common/operation-roles';
import { openEventSocket } from './event-socket';
import { serveToken } from './serve-token';

function unavailable(message: string): Result<never> {
  return { ok: false, error: { code: 'unavailable', message } };
}

function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.ok === true ? 'value' in v : v.ok === false && isApiErrorData(v.error);
}

/**
 * Builds a bridge that talks to the serve-mode server this page came from, with the token of
 * the page's session path (the events socket opens under that path, since a browser cannot
 * give a WebSocket a header).
 */
export function createServeBridge(): WorkbenchBridge {
  const token = serveToken();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['x-rwb-token'] = token;

  async function send(name: OperationName, request: unknown): Promise<Result<unknown>> {
    let response: Response;
    try {
      response = await fetch(`/api/${name}`, { method: 'POST', headers, body: JSON.stringify(request ?? {}) });
    } catch (err) {
      return unavailable(`${name}: the workbench server did not answer (${(err as Error).message})`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return unavailable(`${name}: the server answered HTTP ${response.status} without a JSON result`);
    }
    return isResult(body) ? body : unavailable(`${name}: the server answered HTTP ${response.status} with a malformed result`);
  }

  // The names come from the role table, which has every operation but none of the contract's zod
  // schemas: those would be built before the first paint for nothing, since the server checks requests.
  const methods: Record<string, (request: unknown) => Promise<Result<unknown>>> = {};
  for (const name of Object.keys(operationRoles) as OperationName[]) methods[name] = (request) => send(name, request);
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const events = openEventSocket(`${protocol}//${location.host}${token ? `/s/${encodeURIComponent(token)}` : ''}/events`);
  return { ...(methods as BridgeMethods), onEvent: events.subscribe };
}
