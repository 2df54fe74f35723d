import type { ServerResponse } from 'node:http';

/** Answers with a JSON body (an API result, or `{ok: false, error}` from a route), never cached. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}
