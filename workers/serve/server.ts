import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Result } from '../../common/contract';
import { isOperationName } from '../../common/contract';
import { contentSecurityPolicy } from '../../common/content-security-policy';
import { toErrorData, type ApiErrorData, type ErrorCode } from '../../common/errors';
import { applyPathPolicy } from '../../common/path-fields';
import { exportsFolder } from '../labels/exports-folder';
import { eventSockets } from './event-sockets';
import { sendExportFile } from './export-downloads';
import { authorize, sessionPrefix } from './http-auth';
import { sendJson } from './json-response';
import { maxBodyBytes, readJsonBody, tooLarge } from './request-body';
import { servePathPolicy } from './serve-path-policy';
import { serveStatic } from './static-files';
import { defaultMaxUploadBytes, Uploads } from './uploads';
import { WorkerClient } from './worker-client';

export const defaultRendererDir = fileURLToPath(new URL('../../out/renderer', import.meta.url));

export interface ServeOptions {
  dbPath: string;
  port: number;
  seedSample: boolean;
  /** Serve the corpus without writing to it: every write is refused with `read_only`. */
  readonly?: boolean;
  rendererDir?: string;
  /** Fixed token for tests; a random one otherwise. */
  token?: string;
  /** The largest file /upload accepts. */
  maxUploadBytes?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  token: string;
  /** Where uploads are kept until the server stops. */
  uploadsFolder: string;
  close(): Promise<void>;
}

const statusOf: Record<ErrorCode, number> = {
  invalid_request: 400,
  unknown_operation: 404,
  not_found: 404,
  import_failed: 422,
  corpus_refused: 409,
  unavailable: 503,
  cancelled: 409,
  internal: 500,
  busy: 503,
  disk_full: 507,
  read_only: 409,
  too_deep: 400,
  too_large: 413,
};

function sendError(res: ServerResponse, error: ApiErrorData): void {
  // After a refused body the connection is closed, so the rest of it is never read as a request.
  if (error.code === 'too_large') res.setHeader('connection', 'close');
  sendJson(res, statusOf[error.code], { ok: false, error });
}

/** A body the client declares too big is refused before it is sent (no "100 Continue"). */
function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > limit;
}

/** Fires when the client goes away before its answer is written, so a call still queued for the worker is dropped. */
function abandoned(req: IncomingMessage, res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  // Gone while its body was read: 'close' has already fired.
  if (req.socket.destroyed) controller.abort();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Serve mode: the renderer build and the API over HTTP (POST /api/<operation>), a WebSocket
 * of events (/events), file uploads for import (POST /upload?name=, with &folder= for the files of one folder) and downloads of exported
 * files (GET /exports?path=), on 127.0.0.1 only, every request checked for the token, the Host
 * and the Origin. The page lives under a per-session path (/s/<token>/), so a browser keeps
 * no cookie it could send to other servers on the host. The corpus lives in a worker process,
 * as in the desktop app. No request can end the process: every failure is that request's typed error.
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const rendererDir = options.rendererDir ?? defaultRendererDir;
  if (!existsSync(`${rendererDir}/index.html`)) {
    throw new Error(`the renderer is not built (${rendererDir}/index.html is missing); run \`npm run build\` first`);
  }
  const token = options.token ?? randomBytes(24).toString('base64url');
  const worker = await WorkerClient.start({ db: options.dbPath, shell: 'serve', seedSample: options.seedSample, readonly: options.readonly });
  let port = options.port;
  const uploads = new Uploads(options.maxUploadBytes ?? defaultMaxUploadBytes);
  const exportsDir = exportsFolder(options.dbPath);
  const pathPolicy = servePathPolicy({ uploads: uploads.root, exports: exportsDir });

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, toErrorData(err));
      else res.destroy();
    });
  });
  // Longer than any client's idle timeout (browsers, undici: 4 to 60 s), so a client never sends on a connection the server is closing.
  server.keepAliveTimeout = 65_000;
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    const limit = new URL(req.url ?? '/', 'http://x').pathname.endsWith('/upload') ? uploads.maxBytes : maxBodyBytes;
    if (declaredTooLarge(req, limit)) return sendError(res, tooLarge('the request body', limit));
    res.writeContinue();
    server.emit('request', req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const verdict = authorize(req, url, port, token);
    if (!verdict.ok) {
      res.writeHead(verdict.status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`${verdict.status === 401 ? 'Unauthorized' : 'Forbidden'}: ${verdict.reason}\n`);
      return;
    }
    const route = verdict.route;
    if (route === '/upload') {
      if (req.method !== 'POST') return sendError(res, { code: 'invalid_request', message: 'use POST' });
      const path = await uploads.receive(req, url.searchParams.get('name') ?? 'upload', url.searchParams.get('folder'));
      return sendJson(res, 200, { ok: true, value: { path } });
    }
    if (route === '/exports') return sendExportFile(req, res, url, exportsDir);
    if (route.startsWith('/api/')) {
      if (req.method !== 'POST') return sendError(res, { code: 'invalid_request', message: 'use POST' });
      const op = route.slice('/api/'.length);
      if (!isOperationName(op)) return sendError(res, { code: 'unknown_operation', message: `unknown operation "${op}"` });
      if (declaredTooLarge(req, maxBodyBytes)) return sendError(res, tooLarge(`the ${op} request`, maxBodyBytes));
      const body = await readJsonBody(req, op);
      if (!body.ok) return sendError(res, body.error);
      const result: Result<unknown> = await worker.call(op, applyPathPolicy(op, body.value, pathPolicy), { signal: abandoned(req, res) });
      return result.ok ? sendJson(res, 200, result) : sendError(res, result.error);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, { code: 'invalid_request', message: 'method not allowed' });
    if (!verdict.prefixed) {
      // The printed URL carries the token in its query; the page itself lives under the session path.
      res.writeHead(303, { location: `${sessionPrefix(token)}${route.slice(1)}`, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
      res.end();
      return;
    }
    const headers = {
      'content-security-policy': contentSecurityPolicy({ connect: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`] }),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    };
    const path = route === '/' ? '/index.html' : route;
    if (!(await serveStatic(rendererDir, path, res, headers))) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found\n');
    }
  }

  const sockets = eventSockets();
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const verdict = authorize(req, url, port, token);
    if (!verdict.ok || verdict.route !== '/events') {
      const status = verdict.ok ? 404 : verdict.status;
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\n\r\n`);
      return;
    }
    sockets.upgrade(req, socket, head);
  });
  const unsubscribe = worker.onEvent((event) => sockets.broadcast(event));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    uploadsFolder: uploads.root,
    async close() {
      unsubscribe();
      sockets.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await worker.stop();
      uploads.dispose();
    },
  };
}
