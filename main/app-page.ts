/**
 * The one page the window may show: the built renderer served over a privileged `app://`
 * scheme, or electron-vite's dev server during `electron-vite dev`. A custom scheme instead
 * of `file://` gives the page a real origin (so module workers and same-origin checks work)
 * and lets main attach response headers such as the Content-Security-Policy, which
 * `file://` responses cannot carry.
 */
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, net, protocol } from 'electron';
import type { ThemeChoice } from '../common/theme';
import { withThemeChoice } from '../common/themed-page';

const scheme = 'app';
const host = 'workbench';

export interface AppPage {
  /** The URL the window loads. */
  url: string;
  /** True when the page comes from electron-vite's dev server (hot reload, looser CSP). */
  dev: boolean;
  /** Whether `url` belongs to the app (same scheme and host), so it may be shown or may call main. */
  owns(url: string): boolean;
}

/**
 * Must run before `app` is ready: Chromium fixes scheme privileges at startup. `standard`
 * gives the page an origin and relative URLs, `secure` a secure context, and `corsEnabled`
 * lets the `crossorigin` module scripts and module workers Vite emits be fetched in CORS mode.
 * Not `bypassCSP`: the page's policy must apply.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } }]);
}

/** The page for this run; the dev server only counts in an unpackaged app, as electron-vite sets it. */
export function appPage(): AppPage {
  const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
  const url = devUrl ?? `${scheme}://${host}/index.html`;
  const base = new URL(url);
  return {
    url,
    dev: devUrl !== undefined,
    // Compare scheme and host rather than `URL.origin`, which is "null" for custom schemes.
    owns(candidate) {
      try {
        const parsed = new URL(candidate);
        return parsed.protocol === base.protocol && parsed.host === base.host;
      } catch {
        return false;
      }
    },
  };
}

/**
 * Serves `rendererDir` over the app scheme, adding `headers` to every response. Requests for
 * another host or outside the folder are refused, so the scheme cannot read other files. The
 * page gets the corpus's theme choice written into it, as serve mode's does, so its first paint
 * already has the theme (the theme boot inline in renderer/index.html).
 */
export function serveAppScheme(rendererDir: string, headers: Record<string, string>, themeChoice: () => Promise<ThemeChoice>): void {
  const root = resolve(rendererDir);
  protocol.handle(scheme, async (request) => {
    const url = new URL(request.url);
    if (url.host !== host) return new Response('not found', { status: 404 });
    let file: string;
    try {
      file = resolve(join(root, decodeURIComponent(url.pathname)));
    } catch {
      return new Response('bad request', { status: 400 });
    }
    const inside = relative(root, file);
    if (inside === '' || inside.split(sep)[0] === '..' || isAbsolute(inside)) return new Response('forbidden', { status: 403 });
    let response: Response;
    try {
      response = await net.fetch(pathToFileURL(file).toString());
    } catch {
      // net.fetch rejects for a missing file; the page should see a 404, not a network error.
      return new Response('not found', { status: 404 });
    }
    const merged = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    if (inside === 'index.html' && response.ok) {
      merged.set('cache-control', 'no-store');
      return new Response(withThemeChoice(await response.text(), await themeChoice()), { status: response.status, headers: merged });
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
  });
}
