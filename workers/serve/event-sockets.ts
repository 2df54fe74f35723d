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
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  broadcast(event: WorkbenchEvent): void;
  close(): void;
}

export function eventSockets(): EventSockets {
  const server = new WebSocketServer({ noServer: true, maxPayload: maxClientMessageBytes });
  server.on('connection', (ws: WebSocket) => {
    ws.on('error', () => ws.terminate());
  });
  return {
    upgrade(req, socket, head) {
      server.handleUpgrade(req, socket, head, (ws) => server.emit('connection', ws, req));
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
