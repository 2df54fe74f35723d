/**
 * Keeps the workbench page where it is: links may only change the hash of this document (or
 * save a Blob the page made, which does not navigate), `window.open` opens nothing, and a
 * dropped file is never opened as a page. An output or a rubric can contain any URL, and a
 * click on it must never take the window (which holds the API token) somewhere else.
 */

function isSameDocumentHashLink(anchor: HTMLAnchorElement): boolean {
  const target = anchor.getAttribute('target');
  if (target !== null && target !== '' && target !== '_self') return false;
  if (anchor.hasAttribute('download')) return false;
  let url: URL;
  try {
    url = new URL(anchor.href, location.href);
  } catch {
    return false;
  }
  return url.origin === location.origin && url.pathname === location.pathname && url.search === location.search;
}

/**
 * A save of bytes the page already holds (api/download.ts): `download` on a Blob URL this page
 * made. It leaves the page where it is; a `download` link to any other URL stays blocked.
 */
function isOwnBlobDownload(anchor: HTMLAnchorElement): boolean {
  if (!anchor.hasAttribute('download')) return false;
  const target = anchor.getAttribute('target');
  if (target !== null && target !== '' && target !== '_self') return false;
  let url: URL;
  try {
    url = new URL(anchor.href);
  } catch {
    return false;
  }
  return url.protocol === 'blob:' && url.origin === location.origin;
}

function guardClick(event: MouseEvent): void {
  for (const node of event.composedPath()) {
    if (node instanceof HTMLAnchorElement || node instanceof SVGAElement) {
      if (!(node instanceof HTMLAnchorElement) || !(isSameDocumentHashLink(node) || isOwnBlobDownload(node))) event.preventDefault();
      return;
    }
  }
}

/** Installs the guard once, before the app renders. */
export function installNavigationGuard(): void {
  document.addEventListener('click', guardClick, { capture: true });
  document.addEventListener('auxclick', guardClick, { capture: true });
  document.addEventListener('submit', (event) => event.preventDefault(), { capture: true });
  window.open = () => null;
  // A file dropped anywhere but a drop zone (which accepts it first) would otherwise be opened
  // in place of the app: refuse the drop everywhere else.
  document.addEventListener('dragover', (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
  });
  document.addEventListener('drop', (event) => event.preventDefault());
}
