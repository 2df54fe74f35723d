/**
 * Turns a file the user picked or dropped into a path the backend can import. The desktop
 * shell reads the file's own path; a browser cannot reveal one, so serve mode uploads the
 * file (under its own name, which import errors quote as `name:line`) and imports the copy.
 */
import { ApiError, isApiErrorData } from '../../../common/errors';
import { workbench } from './bridge';
import { serveToken } from './serve-token';

/**
 * Streams `file` to the serve-mode server and returns where it was stored. With `folder` (one
 * id for all the files of a chosen folder) it is stored at its path inside that folder.
 */
export async function uploadFile(file: File, signal?: AbortSignal, folder?: string): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
  const token = serveToken();
  if (token) headers['x-rwb-token'] = token;
  let response: Response;
  try {
    const name = folder === undefined ? file.name : file.webkitRelativePath;
    const query = `name=${encodeURIComponent(name)}${folder === undefined ? '' : `&folder=${folder}`}`;
    response = await fetch(`/upload?${query}`, { method: 'POST', headers, body: file, signal });
  } catch (err) {
    if (signal?.aborted) throw new ApiError('cancelled', `${file.name}: upload cancelled; nothing was imported`);
    throw new ApiError('unavailable', `${file.name}: the upload failed (${(err as Error).message})`);
  }
  const body = (await response.json().catch(() => null)) as { ok?: unknown; value?: { path?: unknown }; error?: unknown } | null;
  if (response.ok && body?.ok === true && typeof body.value?.path === 'string') return body.value.path;
  if (isApiErrorData(body?.error)) throw new ApiError(body.error.code, `${file.name}: ${body.error.message}`, body.error.details);
  throw new ApiError('unavailable', `${file.name}: the server refused the upload (HTTP ${response.status})`);
}

/** The path to import `file` from: its own in the desktop app, an uploaded copy in a browser (inside its folder's upload, given `folder`). */
export async function pathForImport(file: File, signal?: AbortSignal, folder?: string): Promise<string> {
  const bridge = workbench();
  if (bridge.pathForFile) {
    const path = bridge.pathForFile(file);
    // Electron answers '' for a File that is not on disk (one built in memory, say).
    if (path !== '') return path;
    throw new ApiError('invalid_request', `${file.name}: this file has no path on disk; save it first`);
  }
  return uploadFile(file, signal, folder);
}
