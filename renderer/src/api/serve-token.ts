/**
 * The serve-mode token, from the page URL the server printed. Navigation rewrites only the
 * hash, so the query keeps it for the page's lifetime. Null in Electron, and in a browser
 * opened without it, where the server's cookie (set with the page) authorises instead.
 */
export function serveToken(): string | null {
  return new URLSearchParams(location.search).get('token');
}
