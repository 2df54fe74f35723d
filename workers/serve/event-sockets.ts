/**
 * The events WebSocket: the server pushes workbench events, clients send nothing. A client's
 * protocol error (an unmasked frame, invalid UTF-8, a reserved opcode, a message over
 * `maxPayload`) makes `ws` emit an error on that connection, which closes that socket only;
 * without a listener the error would end the whole process.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { WorkbenchEvent } from '../../common/events';

/** Clients have nothing to say beyond control frames; anything bigger is refused. */
export const maxClientMessageBytes = 64 * 1024;

export interface EventSockets {
  /**
   * Opens a socket for the holder of a sign-in secret, kept to check later that it still signs
   * someone in, and sends it `first` before any other event.
   */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, secret: string, first?: WorkbenchEvent): void;
  /** Closes every socket whose secret no longer signs anyone in (a revoked link). */
  closeRevoked(signsIn: (secret: string) => boolean): void;
  broadcast(event: WorkbenchEvent): void;
  close(): void;
}

export function eventSockets(): EventSockets {
  const server = new WebSocketServer({ noServer: true, maxPayload: maxClientMessageBytes });
  const secrets = new WeakMap<WebSocket, string>();
  server.on('connection', (ws: WebSocket) => {
    ws.on('error', () => ws.terminate());
  });
  return {
    upgrade(req, socket, head, secret, first) {
      server.handleUpgrade(req, socket, head, (ws) => {
        secrets.set(ws, secret);
        server.emit('connection', ws, req);
        if (first) ws.send(JSON.stringify(first));
      });
    },
    closeRevoked(signsIn) {
      for (const client of server.clients) {
        const secret = secrets.get(client);
        // 4403: the application's "forbidden"; the page stops reconnecting and says its link was revoked.
        if (secret === undefined || !signsIn(secret)) client.close(4403, 'link revoked');
      }
    },
    broadcast(event) {
      const text = JSON.stringify(event);
      for (const client of server.clients) if (client.readyState === client.OPEN) client.send(text);
    },
    close() {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}
