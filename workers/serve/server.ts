import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Result } from '../../common/contract';
import { isOperationName, parseRequest } from '../../common/contract';
import { contentSecurityPolicy } from '../../common/content-security-policy';
import { ApiError, toErrorData, type ApiErrorData, type ErrorCode } from '../../common/errors';
import { applyPathPolicy } from '../../common/path-fields';
import type { ThemeChoice } from '../../common/theme';
import { exportsFolder } from '../labels/exports-folder';
import { eventSockets } from './event-sockets';
import { sendExportFile } from './export-downloads';
import { authorize, sessionPrefix } from './http-auth';
import { BodyThread } from './body-thread';
import { sendJson } from './json-response';
import { maxBodyBytes, readJsonBody, tooLarge } from './request-body';
import { servePathPolicy } from './serve-path-policy';
import { serveStatic } from './static-files';
import { gzipPageAssets } from './gzipped-files';
import { themeChoiceOf, withThemeChoice } from '../../common/themed-page';
import { defaultMaxUploadBytes, Uploads } from './uploads';
import { WorkerClient } from './worker-client';
import { FirstRowsPrefetch, type TakenPrefetch } from './first-rows-prefetch';
import { firstRowsElement, pageAroundFirstRows } from './first-rows-page';
import { ChangesSincePage } from './changes-since-page';
import { SessionPeople } from './session-people';
import { requireRole } from '../people/session-guard';
import type { Person } from '../../common/people/people';
import { osUserName } from '../util/os-user-name';

/**
 * How long serving a page waits for its first rows, to write them at its end: the worker answers in
 * a few ms, and the page's scripts are fetched meanwhile, since the rest of the page went out first.
 * When busier (an import holding it), the page ends without them and its own request takes the
 * prefetched answer.
 */
const firstRowsWaitMs = 100;
/** A page asked for this soon after its link's redirect takes the first rows that redirect asked for. */
const redirectFollowMs = 1000;

/** How often open event sockets are checked against the corpus's people, so a link revoked elsewhere closes them. */
const revocationCheckMs = 1000;

/**
 * The person the printed URL signs in: the corpus's first admin, made on a first start in the
 * name the desktop app would label in (the corpus's annotator setting), else the OS user.
 */
async function corpusOwner(worker: WorkerClient): Promise<Person> {
  const settings = await worker.call('settings.get', {});
  const configured = settings.ok ? (settings.value as { annotator: string | null }).annotator : null;
  const fallbackName = configured ?? osUserName() ?? 'admin';
  const owner = await worker.call('people.owner', { fallbackName });
  if (!owner.ok) throw new ApiError(owner.error.code, owner.error.message, owner.error.details);
  return owner.value as Person;
}

/** A public address as the proxy serves it: http(s), a host, nothing after it. */
function parsePublicUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ApiError('invalid_request', `--public-url: "${text}" is not a URL; give the address the proxy serves, e.g. https://rwb.example.org`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search !== '' || url.username !== '') {
    throw new ApiError('invalid_request', `--public-url: "${text}" must be an https:// (or http://) origin with no path, e.g. https://rwb.example.org`);
  }
  return url;
}

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
  /**
   * The address a reverse proxy with TLS (or a tunnel) in front serves the workbench at, e.g.
   * `https://rwb.example.org`: requests for that Host and Origin are let in beside the loopback
   * ones. The server itself still listens on 127.0.0.1 only.
   */
  publicUrl?: string;
}

export interface RunningServer {
  url: string;
  /** The same link at the public address, with `publicUrl`; else null. */
  publicLink: string | null;
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
  forbidden: 403,
};

function sendError(res: ServerResponse, error: ApiErrorData, headers: Record<string, string> = {}): void {
  // After a refused body the connection is closed, so the rest of it is never read as a request.
  if (error.code === 'too_large') res.setHeader('connection', 'close');
  sendJson(res, statusOf[error.code], { ok: false, error }, headers);
}

/**
 * How long the answer took here, as a `Server-Timing` header the page's Resource Timing shows
 * beside the request's wire time: `worker` from the request's body read to the worker's answer
 * (its queue included), and `prefetch` how long before the request a prefetched answer was asked for.
 */
function serverTiming(workerMs: number, prefetch: TakenPrefetch | undefined): Record<string, string> {
  const timings = [`worker;dur=${workerMs.toFixed(1)}`, ...(prefetch ? [`prefetch;dur=${prefetch.leadMs.toFixed(1)}`] : [])];
  return { 'server-timing': timings.join(', ') };
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
  const publicUrl = options.publicUrl === undefined ? undefined : parsePublicUrl(options.publicUrl);
  // Compressed while the worker starts, so the first page served does not wait for it.
  const pageAssets = gzipPageAssets(rendererDir).catch(() => []);
  const worker = await WorkerClient.start({ db: options.dbPath, shell: 'serve', seedSample: options.seedSample, readonly: options.readonly });
  await pageAssets;
  const owner = await corpusOwner(worker);
  const people = new SessionPeople(options.dbPath, { secret: token, name: owner.name });
  const signIn = (secret: string) => people.resolve(secret);
  let port = options.port;
  const uploads = new Uploads(options.maxUploadBytes ?? defaultMaxUploadBytes);
  const exportsDir = exportsFolder(options.dbPath);
  const pathPolicy = servePathPolicy({ uploads: uploads.root, exports: exportsDir });
  // The corpus's theme, written into every page served so its first paint has it. Kept here and
  // updated as settings saves pass through, so serving a page never waits behind the worker's queue.
  let themeChoice: ThemeChoice = 'system';
  const noteTheme = (result: Result<unknown>) => {
    themeChoice = (result.ok ? themeChoiceOf(result.value) : undefined) ?? themeChoice;
  };
  noteTheme(await worker.call('settings.get', {}));
  const largeBodies = new BodyThread();
  // Who a token signs in is resolved when the page is served; the prefetch asks in that person's name.
  const firstRows = new FirstRowsPrefetch((secret, request) => {
    const session = signIn(secret);
    if (!session) return Promise.resolve({ ok: false, error: { code: 'forbidden', message: 'wrong or revoked token' } });
    return worker.call('rollouts.list', request, { person: session.local ? undefined : session.person });
  });
  const changesSincePage = new ChangesSincePage();

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
    const verdict = authorize(req, url, port, signIn, publicUrl);
    if (!verdict.ok) {
      res.writeHead(verdict.status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`${verdict.status === 401 ? 'Unauthorized' : 'Forbidden'}: ${verdict.reason}\n`);
      return;
    }
    const { route } = verdict;
    const { person } = verdict.session;
    if (route === '/upload') {
      if (req.method !== 'POST') return sendError(res, { code: 'invalid_request', message: 'use POST' });
      // An upload is only ever imported, so it takes the import's role.
      requireRole('import.files', person);
      const path = await uploads.receive(req, url.searchParams.get('name') ?? 'upload', url.searchParams.get('folder'));
      return sendJson(res, 200, { ok: true, value: { path } });
    }
    if (route === '/exports') return sendExportFile(req, res, url, exportsDir);
    if (route.startsWith('/api/')) {
      if (req.method !== 'POST') return sendError(res, { code: 'invalid_request', message: 'use POST' });
      const op = route.slice('/api/'.length);
      if (!isOperationName(op)) return sendError(res, { code: 'unknown_operation', message: `unknown operation "${op}"` });
      requireRole(op, person);
      if (declaredTooLarge(req, maxBodyBytes)) return sendError(res, tooLarge(`the ${op} request`, maxBodyBytes));
      const body = await readJsonBody(req, op, maxBodyBytes, largeBodies.check);
      if (!body.ok) return sendError(res, body.error);
      // Checked here too, so a request the worker would refuse (a list of millions of paths) is
      // neither walked by the path policy nor carried to the worker; the worker checks it again.
      parseRequest(op, body.value);
      const asked = performance.now();
      const prefetched = firstRows.take(verdict.token, op, body.value);
      const result: Result<unknown> = await (prefetched?.answer ??
        worker.call(op, applyPathPolicy(op, body.value, pathPolicy), {
          signal: abandoned(req, res),
          person: verdict.session.local ? undefined : person,
        }));
      if (result.ok && op === 'people.revoke') closeRevoked();
      if ((op === 'settings.get' || op === 'settings.set') && verdict.session.local) noteTheme(result);
      const timing = serverTiming(performance.now() - asked, prefetched);
      return result.ok ? sendJson(res, 200, result, timing) : sendError(res, result.error, timing);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, { code: 'invalid_request', message: 'method not allowed' });
    if (!verdict.prefixed) {
      // The printed URL carries the token in its query; the page itself lives under the session path.
      if (route === '/' && req.method === 'GET') firstRows.start(verdict.token);
      res.writeHead(303, { location: `${sessionPrefix(verdict.token)}${route.slice(1)}`, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
      res.end();
      return;
    }
    const headers = {
      'content-security-policy': contentSecurityPolicy({
        connect: [
          `ws://127.0.0.1:${port}`,
          `ws://localhost:${port}`,
          ...(publicUrl ? [`${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}`] : []),
        ],
      }),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    };
    const path = route === '/' ? '/index.html' : route;
    if (path === '/index.html') {
      const themed = withThemeChoice(await readFile(`${rendererDir}/index.html`, 'utf8'), people.themeOf(verdict.session) ?? themeChoice);
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      if (req.method !== 'GET') {
        res.end(themed);
        return;
      }
      firstRows.startUnlessRecent(verdict.token, redirectFollowMs);
      const { before, after } = pageAroundFirstRows(themed);
      res.write(before);
      const firstPage = await firstRows.answerWithin(verdict.token, firstRowsWaitMs);
      if (firstPage !== undefined) changesSincePage.served(verdict.token);
      res.end(firstPage === undefined ? after : `${firstRowsElement(firstPage)}${after}`);
      return;
    }
    if (!(await serveStatic(rendererDir, path, res, headers, req.headers['accept-encoding']))) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found\n');
    }
  }

  const sockets = eventSockets();
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const verdict = authorize(req, url, port, signIn, publicUrl);
    if (!verdict.ok || verdict.route !== '/events') {
      const status = verdict.ok ? 404 : verdict.status;
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\n\r\n`);
      return;
    }
    sockets.upgrade(req, socket, head, verdict.token, changesSincePage.take(verdict.token));
  });
  const closeRevoked = () => sockets.closeRevoked((secret) => signIn(secret) !== undefined);
  // A link revoked by another process (`rwb people revoke`) closes its open sockets within this period.
  const revocations = setInterval(closeRevoked, revocationCheckMs);
  revocations.unref();
  const unsubscribe = worker.onEvent((event) => {
    if (event.type === 'db:changed' || event.type === 'worker:restarted') firstRows.invalidate();
    if (event.type === 'db:changed') changesSincePage.changed(event.tables);
    // Whatever a worker that died wrote before it went is not known here: a page served before it refetches everything.
    if (event.type === 'worker:restarted') changesSincePage.changed([]);
    sockets.broadcast(event);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    publicLink: publicUrl ? `${publicUrl.origin}/?token=${token}` : null,
    port,
    token,
    uploadsFolder: uploads.root,
    async close() {
      unsubscribe();
      clearInterval(revocations);
      sockets.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await largeBodies.close();
      await worker.stop();
      people.close();
      uploads.dispose();
    },
  };
}
