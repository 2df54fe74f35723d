/** A WebSocket of backend events that reconnects with backoff while anyone listens. */
import type { EventListener, WorkbenchEvent } from '../../../common/events';

const firstDelayMs = 500;
const maxDelayMs = 15_000;
/** The server closes a revoked link's socket with this code: reconnecting would be refused, so the page stops trying. */
const revokedCode = 4403;

/** The subscription side of an event socket. */
export interface EventSocket {
  subscribe(listener: EventListener): () => void;
}

/**
 * Opens `url` lazily on the first subscription and closes it after the last unsubscribe, so
 * a page with no listeners holds no connection. Malformed messages are dropped.
 */
export function openEventSocket(url: string): EventSocket {
  const listeners = new Set<EventListener>();
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let delay = firstDelayMs;

  function connect(): void {
    retry = null;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      delay = firstDelayMs;
      const connected: WorkbenchEvent = { type: 'events:connected' };
      for (const listener of [...listeners]) listener(connected);
    };
    ws.onmessage = (message) => {
      let event: WorkbenchEvent;
      try {
        event = JSON.parse(String(message.data)) as WorkbenchEvent;
      } catch {
        return;
      }
      for (const listener of [...listeners]) listener(event);
    };
    ws.onclose = (closed) => {
      if (socket !== ws || listeners.size === 0) return;
      socket = null;
      if (closed.code === revokedCode) return;
      retry = setTimeout(connect, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    };
  }

  function disconnect(): void {
    if (retry !== null) clearTimeout(retry);
    retry = null;
    const ws = socket;
    socket = null;
    ws?.close();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (socket === null && retry === null) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) disconnect();
      };
    },
  };
}
