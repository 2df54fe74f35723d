/**
 * For store tests: a backend at the renderer's edge (`window.workbench`) that answers each
 * operation with the function a test gives it, records the calls, and sends the events the
 * test tells it to. Everything above the bridge (the stores, `api`, the event helpers) is real.
 */
import { vi } from 'vitest';
import { bridgeMethods, type OperationName, type RequestOf, type ResponseOf, type Result, type WorkbenchBridge } from '../../../common/contract';
import { toErrorData } from '../../../common/errors';
import type { EventListener, WorkbenchEvent } from '../../../common/events';

/** Answers by operation; a thrown `ApiError` becomes that operation's failed result. */
export type FakeAnswers = { [K in OperationName]?: (request: RequestOf<K>) => ResponseOf<K> | Promise<ResponseOf<K>> };

export interface FakeWorkbench {
  /** Every call, in the order they were made. */
  calls: { name: OperationName; request: unknown }[];
  /** The requests made of one operation. */
  requestsOf<K extends OperationName>(name: K): RequestOf<K>[];
  /** Sends `event` to every listener, as the backend would. */
  emit(event: WorkbenchEvent): void;
}

/** Installs the fake as `window.workbench` (and a `location` for the router); `vi.unstubAllGlobals()` removes both. */
export function installFakeWorkbench(answers: FakeAnswers, hash = '#/'): FakeWorkbench {
  const listeners = new Set<EventListener>();
  const calls: FakeWorkbench['calls'] = [];
  // One map from names to functions of their own request type: called only by the name it is keyed by.
  const byName = answers as Record<string, ((request: unknown) => unknown) | undefined>;
  async function send(name: OperationName, request: unknown): Promise<Result<unknown>> {
    calls.push({ name, request });
    const answer = byName[name];
    if (!answer) return { ok: false, error: { code: 'unknown_operation', message: `${name}: the fake backend has no answer for it` } };
    try {
      return { ok: true, value: await answer(request) };
    } catch (err) {
      return { ok: false, error: toErrorData(err) };
    }
  }
  const bridge: WorkbenchBridge = {
    ...bridgeMethods(send),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  vi.stubGlobal('window', { workbench: bridge, addEventListener: () => undefined });
  vi.stubGlobal('location', { hash });
  return {
    calls,
    requestsOf: <K extends OperationName>(name: K) => calls.filter((c) => c.name === name).map((c) => c.request as RequestOf<K>),
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
  };
}

/** Lets pending promise callbacks run. */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
