/**
 * The one place that decides which bridge the renderer talks to: the Electron preload's
 * `window.workbench` when it exists, otherwise a serve-mode bridge installed in its place.
 */
import type { OperationName, RequestOf, ResponseOf, Result, WorkbenchBridge } from '../../../common/contract';
import type { EventListener } from '../../../common/events';
import { ApiError } from '../../../common/errors';
import { createServeBridge } from './serve-bridge';

// The bridge's operations as one mapped type, so indexing it by a generic name keeps the types paired.
type Methods = { [P in OperationName]: (request: RequestOf<P>) => Promise<Result<ResponseOf<P>>> };

/** Returns the bridge, installing the serve-mode one on first use when no preload provided it. */
export function workbench(): WorkbenchBridge {
  if (!window.workbench) window.workbench = createServeBridge();
  return window.workbench;
}

/** Calls one operation and unwraps its result; a failed call throws an `ApiError`. */
export async function api<K extends OperationName>(name: K, request: RequestOf<K>): Promise<ResponseOf<K>> {
  const methods: Methods = workbench();
  const result = await methods[name](request);
  if (!result.ok) throw new ApiError(result.error.code, result.error.message, result.error.details);
  return result.value;
}

/** Subscribes to backend events; returns the unsubscribe function. */
export function onWorkbenchEvent(listener: EventListener): () => void {
  return workbench().onEvent(listener);
}
