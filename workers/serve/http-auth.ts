import type { IncomingMessage } from 'node:http';
import type { Person } from '../../common/people/people';

/** Who a request is from. */
export interface Session {
  person: Person;
  /**
   * Signed in through the printed URL: the box's own person, who works as in the desktop app
   * (labels in the corpus's annotator name, keeps the corpus's blind mode and theme, an admin);
   * every other person's writes and reads are bound to their own name.
   */
  local: boolean;
}

/**
 * A request that passed the front door, with the route it names: the path without the session
 * prefix. `prefixed` says whether the token came in the path (the page's own requests); `session` whose secret it carried.
 */
export type AuthVerdict = { ok: true; route: string; prefixed: boolean; session: Session; token: string } | { ok: false; status: 401 | 403; reason: string };

/**
 * The page and everything it loads live under `/s/<token>/`: the browser keeps the token in
 * the page's own URL and relative asset URLs, so it stores nothing (no cookie) that it would
 * send to another server on this host. Cookies are not separated by port; paths are per URL.
 */
export function sessionPrefix(token: string): string {
  return `/s/${token}/`;
}

/** `/s/<token>/rest` as its token and `/rest`; any other path as is. */
function splitSessionPath(pathname: string): { token?: string; route: string } {
  const match = /^\/s\/([^/]*)(\/.*)?$/.exec(pathname);
  if (!match) return { route: pathname };
  return { token: match[1], route: match[2] ?? '/' };
}

/** The token a request presents: in the path prefix, the header `x-rwb-token` or the query `token`. */
export function presentedToken(req: IncomingMessage, url: URL): { token: string | undefined; route: string; prefixed: boolean } {
  const { token: fromPath, route } = splitSessionPath(url.pathname);
  if (fromPath !== undefined) return { token: fromPath, route, prefixed: true };
  const header = req.headers['x-rwb-token'];
  return { token: (typeof header === 'string' ? header : undefined) ?? url.searchParams.get('token') ?? undefined, route, prefixed: false };
}

function hostHeaders(req: IncomingMessage): number {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'host') count += 1;
  return count;
}

/**
 * Serve mode's front door: the Host must be this loopback server (no DNS rebinding) or the
 * public address a TLS proxy in front of it serves (`publicUrl`), a browser's Origin must be one of them, and every request must carry the secret of a person
 * who may sign in now (`signIn`), whose request it then is.
 */
export function authorize(req: IncomingMessage, url: URL, port: number, signIn: (secret: string) => Session | undefined, publicUrl?: URL): AuthVerdict {
  // Node keeps only the first of several Host headers; a proxy or browser may act on another.
  if (hostHeaders(req) !== 1) return { ok: false, status: 403, reason: 'exactly one Host header required' };
  const loopback = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!loopback.includes(req.headers.host ?? '') && req.headers.host !== publicUrl?.host) return { ok: false, status: 403, reason: 'unexpected Host header' };
  const origin = req.headers.origin;
  if (origin !== undefined && !loopback.some((h) => origin === `http://${h}`) && origin !== publicUrl?.origin) {
    return { ok: false, status: 403, reason: `foreign origin ${origin}` };
  }
  const presented = presentedToken(req, url);
  if (presented.token === undefined || presented.token === '') return { ok: false, status: 401, reason: 'token required' };
  const session = signIn(presented.token);
  if (!session) return { ok: false, status: 403, reason: 'wrong or revoked token' };
  return { ok: true, route: presented.route, prefixed: presented.prefixed, session, token: presented.token };
}
