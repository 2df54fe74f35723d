/**
 * The one Content-Security-Policy of the app's pages, for both shells: everything from the
 * app itself, inline styles (Monaco and React set them), workers from blobs (Monaco), and
 * nothing that could navigate, frame or post elsewhere.
 */
export function contentSecurityPolicy(options: { connect?: readonly string[]; inlineScripts?: boolean } = {}): string {
  return [
    "default-src 'self'",
    options.inlineScripts ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
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
