import { EventEmitter } from 'node:events';
import type { IpcMainInvokeEvent, Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { appPage } from './app-page';
import { hardenSession, hardenWebContents, isFromAppFrame } from './security';

vi.mock('electron', () => import('./test-support/fake-electron'));

const page = appPage();

/** A window's webContents as far as hardening sees it: its handlers, and navigation events a test fires. */
class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;
  constructor(readonly id: number) {
    super();
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** Fires `name` as Electron would; returns whether a handler cancelled it. */
  fire(name: string, url: string): boolean {
    let prevented = false;
    this.emit(name, { url, preventDefault: () => (prevented = true) });
    return prevented;
  }
}

function hardened(): FakeWebContents {
  const contents = new FakeWebContents(1);
  hardenWebContents(contents as unknown as WebContents, page);
  return contents;
}

const foreign = ['https://example.com/', 'file:///etc/passwd', 'app://other/index.html', 'http://127.0.0.1:8080/', 'javascript:alert(1)', 'not a url'];

describe('the window stays on the app page', () => {
  it('loads the built renderer over the app scheme', () => {
    expect(page.url).toBe('app://workbench/index.html');
    expect(page.dev).toBe(false);
  });

  it('cancels every navigation and redirect of any frame to a page outside the app', () => {
    const contents = hardened();
    for (const url of foreign) {
      expect(contents.fire('will-frame-navigate', url), url).toBe(true);
      expect(contents.fire('will-redirect', url), url).toBe(true);
    }
  });

  it("lets the app's own pages load", () => {
    const contents = hardened();
    expect(contents.fire('will-frame-navigate', 'app://workbench/index.html#/labels')).toBe(false);
    expect(contents.fire('will-redirect', 'app://workbench/assets/index.js')).toBe(false);
  });

  it('denies window.open, whatever the URL, and refuses webviews', () => {
    const contents = hardened();
    for (const url of [...foreign, page.url]) expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    expect(contents.fire('will-attach-webview', 'app://workbench/index.html')).toBe(true);
  });
});

describe('the session grants no permission', () => {
  it('refuses every permission request and check', () => {
    let requestHandler: ((wc: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let checkHandler: ((...args: unknown[]) => boolean) | undefined;
    const session = {
      setPermissionRequestHandler: (h: typeof requestHandler) => (requestHandler = h),
      setPermissionCheckHandler: (h: typeof checkHandler) => (checkHandler = h),
      webRequest: { onHeadersReceived: () => expect.fail('the built app sets its CSP on the app scheme, not through webRequest') },
    };
    hardenSession(session as unknown as Session, page);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      const answers: boolean[] = [];
      requestHandler!(undefined, permission, (granted) => answers.push(granted));
      expect(answers, permission).toEqual([false]);
      expect(checkHandler!(undefined, permission, 'app://workbench'), permission).toBe(false);
    }
  });
});

describe("IPC answers only the app's top frame in the workbench window", () => {
  const window = new FakeWebContents(7);
  const event = (over: { senderId?: number; url?: string; parent?: object | null; frame?: null }) =>
    ({
      sender: { id: over.senderId ?? 7 },
      senderFrame: over.frame === null ? null : { url: over.url ?? 'app://workbench/index.html#/corpus', parent: over.parent ?? null },
    }) as unknown as IpcMainInvokeEvent;
  const trusted = (e: IpcMainInvokeEvent, contents: FakeWebContents | undefined) => isFromAppFrame(e, contents as unknown as WebContents | undefined, page);

  it('accepts the app page in the top frame of the window', () => {
    expect(trusted(event({}), window)).toBe(true);
  });

  it('refuses another window, a subframe, a foreign page, a missing frame, and a closed or absent window', () => {
    expect(trusted(event({ senderId: 8 }), window)).toBe(false);
    expect(trusted(event({ parent: { url: 'app://workbench/index.html' } }), window)).toBe(false);
    for (const url of foreign) expect(trusted(event({ url }), window), url).toBe(false);
    expect(trusted(event({ frame: null }), window)).toBe(false);
    expect(trusted(event({}), undefined)).toBe(false);
    const closed = new FakeWebContents(7);
    closed.destroyed = true;
    expect(trusted(event({}), closed)).toBe(false);
  });
});
