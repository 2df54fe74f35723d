/**
 * The serve-mode token. The server redirects the printed URL (`/?token=`) to the page's
 * session path `/s/<token>/`, which keeps the token for the page's lifetime (navigation
 * rewrites only the hash) without the browser storing any cookie. The API calls carry it as
 * the `x-rwb-token` header. Null in Electron.
 */
export function serveToken(): string | null {
  const fromPath = /^\/s\/([^/]+)\//.exec(location.pathname)?.[1];
  return fromPath ?? new URLSearchParams(location.search).get('token');
}
