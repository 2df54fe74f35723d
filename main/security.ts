/**
 * Hardening for the session and the window (docs/architecture.md, STYLE.md "The boundary"): a strict
 * Content-Security-Policy, no permissions, no popups, no navigation away from the app page,
 * no webviews.
 */
import { contentSecurityPolicy as buildPolicy } from '../common/content-security-policy';
import type { IpcMainInvokeEvent, Session, WebContents } from 'electron';
import type { AppPage } from './app-page';

/**
 * The policy for the app's pages: the same as serve mode's, minus its WebSocket (IPC needs
 * no network). The dev server additionally needs inline scripts for React Fast Refresh's
 * preamble and a WebSocket back to itself for hot reload.
 */
export function contentSecurityPolicy(page: AppPage): string {
  const devHost = page.dev ? new URL(page.url).host : undefined;
  return buildPolicy({ inlineScripts: devHost !== undefined, connect: devHost ? [`ws://${devHost}`] : [] });
}

/**
 * Denies every permission request and check, and, for the dev server (served over http,
 * where main does not write the response), adds the CSP header to its responses.
 */
export function hardenSession(session: Session, page: AppPage): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  if (page.dev) {
    const policy = contentSecurityPolicy(page);
    session.webRequest.onHeadersReceived({ urls: [`${new URL(page.url).origin}/*`] }, (details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
    });
  }
}

/**
 * Keeps a window on the app page: `window.open` is denied, and navigations or redirects of
 * any frame to a URL outside the app are cancelled (`will-frame-navigate` covers the main
 * frame, as `will-navigate` does, and subframes too). Webviews are refused even though
 * `webviewTag` is off, in case a later change turns it on.
 */
export function hardenWebContents(webContents: WebContents, page: AppPage): void {
  webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  webContents.on('will-frame-navigate', (event) => {
    if (!page.owns(event.url)) event.preventDefault();
  });
  webContents.on('will-redirect', (event) => {
    if (!page.owns(event.url)) event.preventDefault();
  });
  webContents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * Whether an IPC call comes from the app page in the top frame of `webContents` (the
 * workbench window). Calls from other windows, subframes or foreign pages are not answered.
 */
export function isFromAppFrame(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>, webContents: WebContents | undefined, page: AppPage): boolean {
  const frame = event.senderFrame;
  return (
    webContents !== undefined &&
    !webContents.isDestroyed() &&
    event.sender.id === webContents.id &&
    frame !== null &&
    frame.parent === null &&
    page.owns(frame.url)
  );
}
