/**
 * The sha256 of the page's one inline script, the theme boot in renderer/index.html's head, as
 * CSP writes it: the policy lets that script run and no other inline one. A test checks it
 * against the page, so an edit to the script that forgets the hash fails there, not in a browser.
 */
export const themeBootScriptHash = "'sha256-KsXl/tAFG5gV8/ptow/797SGW4GgWl24qMmYwP8aH8A='";

/**
 * The one Content-Security-Policy of the app's pages, for both shells: everything from the
 * app itself, inline styles (Monaco and React set them), workers from blobs (Monaco), and
 * nothing that could navigate, frame or post elsewhere.
 */
export function contentSecurityPolicy(options: { connect?: readonly string[]; inlineScripts?: boolean } = {}): string {
  return [
    "default-src 'self'",
    options.inlineScripts ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' ${themeBootScriptHash}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...(options.connect ?? [])].join(' '),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
