/**
 * Serve mode's way to hand the user a file the backend wrote: the browser cannot read the
 * server's disk, so the bytes come over the token-checked `GET /exports?path=` route (which
 * serves the corpus's exports folder and nothing else) and are saved with a Blob and an
 * `<a download>`, which the navigation guard lets through.
 */
import { ApiError, isApiErrorData } from '../../../common/errors';
import { serveToken } from './serve-token';

/** How long the Blob outlives the click: the browser reads it after `click()` returns, so revoking at once can cancel the save. */
const blobLifetimeMs = 60_000;

/** The last part of a server path, whichever separator the server's system uses. */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/** Gives `blob` to the browser to save under `name`. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.hidden = true;
  // Inside an open modal dialog when there is one: the page behind it is inert.
  (document.querySelector('dialog[open]') ?? document.body).append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), blobLifetimeMs);
}

/** Downloads `path`, a file in the serve-mode corpus's exports folder, into the browser; returns the name it was saved under. */
export async function downloadExport(path: string): Promise<string> {
  const name = fileNameOf(path);
  const headers: Record<string, string> = {};
  const token = serveToken();
  if (token) headers['x-rwb-token'] = token;
  let response: Response;
  try {
    response = await fetch(`/exports?path=${encodeURIComponent(path)}`, { headers });
  } catch (err) {
    throw new ApiError('unavailable', `${name}: the download failed (${(err as Error).message})`);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if (isApiErrorData(body?.error)) throw new ApiError(body.error.code, `${name}: ${body.error.message}`);
    throw new ApiError('unavailable', `${name}: the server refused the download (HTTP ${response.status})`);
  }
  saveBlob(await response.blob(), name);
  return name;
}
