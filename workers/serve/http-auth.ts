import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type AuthVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

export function cookieName(port: number): string {
  // Cookies are not isolated by port, so two servers on one host need distinct names.
  return `rwb_token_${port}`;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** The token a request presents: query `token`, header `x-rwb-token`, or this server's cookie. */
export function presentedToken(req: IncomingMessage, url: URL, port: number): string | undefined {
  const header = req.headers['x-rwb-token'];
  return url.searchParams.get('token') ?? (typeof header === 'string' ? header : undefined) ?? readCookie(req.headers.cookie, cookieName(port));
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Serve mode's front door: the Host must be this loopback server (no DNS rebinding), a
 * browser's Origin must be this server, and every request must carry the token.
 */
export function authorize(req: IncomingMessage, url: URL, port: number, token: string): AuthVerdict {
  const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!allowedHosts.includes(req.headers.host ?? '')) return { ok: false, status: 403, reason: 'unexpected Host header' };
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedHosts.some((h) => origin === `http://${h}`)) {
    return { ok: false, status: 403, reason: `foreign origin ${origin}` };
  }
  const presented = presentedToken(req, url, port);
  if (presented === undefined || presented === '') return { ok: false, status: 401, reason: 'token required' };
  if (!sameToken(presented, token)) return { ok: false, status: 403, reason: 'wrong token' };
  return { ok: true };
}
