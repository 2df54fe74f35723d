import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import type { Result } from '../../common/contract';
import { isOperationName } from '../../common/contract';
import { contentSecurityPolicy } from '../../common/content-security-policy';
import type { ErrorCode } from '../../common/errors';
import { exportsFolder } from '../labels/exports-folder';
import { sendExportFile } from './export-downloads';
import { authorize, cookieName } from './http-auth';
import { sendJson } from './json-response';
import { serveStatic } from './static-files';
import { Uploads } from './uploads';
import { WorkerClient } from './worker-client';

export const defaultRendererDir = fileURLToPath(new URL('../../out/renderer', import.meta.url));

export interface ServeOptions {
  dbPath: string;
  port: number;
  seedSample: boolean;
  rendererDir?: string;
  /** Fixed token for tests; a random one otherwise. */
  token?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const maxBodyBytes = 8 * 1024 * 1024;

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

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(new Error(`request body over ${maxBodyBytes} bytes`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Serve mode: the renderer build and the API over HTTP (POST /api/<operation>), a WebSocket
 * of events (/events), file uploads for import (POST /upload?name=) and downloads of exported
 * files (GET /exports?path=), on 127.0.0.1 only, every request checked for the token, the Host
 * and the Origin. The corpus lives in a worker process, as in the desktop app.
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const rendererDir = options.rendererDir ?? defaultRendererDir;
  if (!existsSync(`${rendererDir}/index.html`)) {
    throw new Error(`the renderer is not built (${rendererDir}/index.html is missing); run \`npm run build\` first`);
  }
  const token = options.token ?? randomBytes(24).toString('base64url');
  const worker = await WorkerClient.start({ db: options.dbPath, shell: 'serve', seedSample: options.seedSample });
  let port = options.port;
  const uploads = new Uploads();

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: Error) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: err.message } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const verdict = authorize(req, url, port, token);
    if (!verdict.ok) {
      res.writeHead(verdict.status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`${verdict.status === 401 ? 'Unauthorized' : 'Forbidden'}: ${verdict.reason}\n`);
      return;
    }
    if (url.pathname === '/upload') {
      if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'invalid_request', message: 'use POST' } });
      const path = await uploads.receive(req, url.searchParams.get('name') ?? 'upload');
      return sendJson(res, 200, { ok: true, value: { path } });
    }
    if (url.pathname === '/exports') return sendExportFile(req, res, url, exportsFolder(options.dbPath));
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'invalid_request', message: 'use POST' } });
      const op = url.pathname.slice('/api/'.length);
      if (!isOperationName(op)) {
        return sendJson(res, 404, { ok: false, error: { code: 'unknown_operation', message: `unknown operation "${op}"` } });
      }
      let request: unknown;
      try {
        const body = await readBody(req);
        request = body === '' ? {} : JSON.parse(body);
      } catch (err) {
        return sendJson(res, 400, { ok: false, error: { code: 'invalid_request', message: `${op}: ${(err as Error).message}` } });
      }
      const result: Result<unknown> = await worker.call(op, request);
      return sendJson(res, result.ok ? 200 : statusOf[result.error.code], result);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { ok: false, error: { code: 'invalid_request', message: 'method not allowed' } });
    const headers = {
      'content-security-policy': contentSecurityPolicy({ connect: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`] }),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'set-cookie': `${cookieName(port)}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict`,
    };
    const path = url.pathname === '/' ? '/index.html' : url.pathname;
    if (!(await serveStatic(rendererDir, path, res, headers))) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found\n');
    }
  }

  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const verdict = authorize(req, url, port, token);
    if (!verdict.ok || url.pathname !== '/events') {
      const status = verdict.ok ? 404 : verdict.status;
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  });
  const unsubscribe = worker.onEvent((event) => {
    const text = JSON.stringify(event);
    for (const client of sockets.clients) if (client.readyState === client.OPEN) client.send(text);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    async close() {
      unsubscribe();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await worker.stop();
      uploads.dispose();
    },
  };
}
