import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the fake server. */
export type ScriptedReply =
  /** A JSON body (status 200 unless given), after `delayMs`. */
  | { status?: number; body: unknown; headers?: Record<string, string>; delayMs?: number }
  /** A body sent exactly as given, e.g. cut off mid-JSON. */
  | { status?: number; raw: string; delayMs?: number }
  /** The connection is closed without an answer. */
  | { drop: true };

/** A request as the fake server received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The JSON body, parsed. */
  body: unknown;
}

/**
 * A local stand-in for `POST /v1/messages`, answering from a script, one reply per request
 * in arrival order (then from `fallback`). It checks the key as the real API does, accepting
 * `authorization: Bearer` (what the SDK sends) or `x-api-key`, and records what it received
 * and how many requests were in flight at most.
 */
export class FakeMessagesServer {
  readonly received: ReceivedRequest[] = [];
  maxInFlight = 0;
  private inFlight = 0;
  private readonly script: ScriptedReply[] = [];
  private fallback: ((request: ReceivedRequest) => ScriptedReply) | undefined;

  private constructor(
    private readonly server: Server,
    private readonly apiKey: string,
    private readonly port: number,
  ) {}

  /** Starts on a free port of 127.0.0.1. */
  static async start(apiKey: string): Promise<FakeMessagesServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeMessagesServer(server, apiKey, (server.address() as AddressInfo).port);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void fake.handle(req, res));
    return fake;
  }

  /** The base URL to give the SDK; it stays the same after `stop()`, so a client can find nothing there. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Queues replies for the next requests. */
  reply(...replies: ScriptedReply[]): void {
    this.script.push(...replies);
  }

  /** Answers every request the script does not cover. */
  replyWith(fallback: (request: ReceivedRequest) => ScriptedReply): void {
    this.fallback = fallback;
  }

  /** Stops listening and cuts every open connection, including ones a slow reply holds. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const authorization = req.headers.authorization;
    const received: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', authorization, body: text ? JSON.parse(text) : null };
    this.received.push(received);
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
      return send(res, 404, apiErrorBody('not_found_error', `no route ${req.method} ${req.url}`));
    }
    if (authorization !== `Bearer ${this.apiKey}` && req.headers['x-api-key'] !== this.apiKey) {
      return send(res, 401, apiErrorBody('authentication_error', 'invalid x-api-key'));
    }
    const reply = this.script.shift() ??
      this.fallback?.(received) ?? { status: 500, body: apiErrorBody('api_error', 'the fake server has no reply scripted for this request') };
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.once('close', () => this.inFlight--);
    if ('drop' in reply) {
      req.socket.destroy();
      return;
    }
    const timer = setTimeout(() => {
      if ('raw' in reply) {
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(reply.raw);
      } else send(res, reply.status ?? 200, reply.body, reply.headers);
    }, reply.delayMs ?? 0);
    // A client that gives up (an abort past the deadline) must not leave a timer behind.
    res.once('close', () => clearTimeout(timer));
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** An error body as the Messages API sends it. */
export function apiErrorBody(type: string, message: string): unknown {
  return { type: 'error', error: { type, message } };
}

/** A Messages API response whose only content is a call of `tool` with `input`. */
export function toolUseMessage(
  tool: string,
  input: unknown,
  options: { stopReason?: string; inputTokens?: number; outputTokens?: number; model?: string } = {},
): unknown {
  return {
    id: `msg_fake_${Math.random().toString(36).slice(2, 10)}`,
    type: 'message',
    role: 'assistant',
    model: options.model ?? 'claude-sonnet-5',
    content: [{ type: 'tool_use', id: 'toolu_fake', name: tool, input }],
    stop_reason: options.stopReason ?? 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: options.inputTokens ?? 100, output_tokens: options.outputTokens ?? 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}
