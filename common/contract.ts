/**
 * The one API contract: every operation's name, its zod request schema and its response
 * type. Main, preload, the serve-mode server and client, the worker and the CLI are all
 * typed by this map; requests are validated with these schemas wherever they enter. Each
 * domain keeps its operations beside its request schemas; this map composes them.
 */
import type { z } from 'zod';
import { compareRolloutsOperations } from './corpus/compare-rollouts-operations';
import { corpusOperations } from './corpus/corpus-operations';
import { ApiError, type ApiErrorData } from './errors';
import { maxIssuesListed } from './request-bounds';
import type { EventListener } from './events';
import { labelOperations } from './labels/label-operations';
import { peopleOperations } from './people/people-operations';
import { modelOperations } from './model/model-operations';
import { pipelineOperations } from './pipeline/pipeline-operations';
import { rubricOperations, rubricReportOperations } from './rubrics/rubric-operations';
import { runOperations } from './runs/run-operations';
import { searchOperations } from './search/search-operations';
import { taxonomyOperations } from './taxonomy/taxonomy-operations';

export const operations = {
  ...corpusOperations,
  ...compareRolloutsOperations,
  ...searchOperations,
  ...rubricOperations,
  ...rubricReportOperations,
  ...taxonomyOperations,
  ...labelOperations,
  ...runOperations,
  ...modelOperations,
  ...pipelineOperations,
  ...peopleOperations,
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type RequestOf<K extends OperationName> = z.input<Operations[K]['request']>;
export type ParsedRequestOf<K extends OperationName> = z.output<Operations[K]['request']>;
export type ResponseOf<K extends OperationName> = Operations[K]['response'];

export const operationNames = Object.keys(operations) as OperationName[];

export function isOperationName(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(operations, name);
}

/** Validates a raw request at a boundary; the error names the operation and its first few bad fields. */
export function parseRequest<K extends OperationName>(name: K, raw: unknown): ParsedRequestOf<K> {
  const result = operations[name].request.safeParse(raw ?? {});
  if (!result.success) {
    // A request with thousands of bad fields gets an error of a few lines, not one as long as itself.
    const all = result.error.issues;
    const issues = all.slice(0, maxIssuesListed).map((i) => ({ field: i.path.join('.') || '(request)', message: i.message }));
    const more = all.length - issues.length;
    const summary = issues.map((i) => `${i.field}: ${i.message}`).join('; ') + (more > 0 ? `; and ${more} more issues` : '');
    throw new ApiError('invalid_request', `${name}: ${summary}`, more > 0 ? { issues, more } : { issues });
  }
  return result.data as ParsedRequestOf<K>;
}

/** Resolves an untrusted operation name, or throws a typed error. */
export function requireOperation(name: string): OperationName {
  if (!isOperationName(name)) throw new ApiError('unknown_operation', `unknown operation "${name}"`);
  return name;
}

/** What crosses every boundary: a value or a typed error, never a thrown exception. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiErrorData };

/**
 * The bridge every shell exposes to the renderer as `window.workbench`: one method per
 * operation, plus event subscription. Methods resolve to a `Result` because Electron's
 * contextBridge and IPC drop the fields of thrown errors.
 */
export type BridgeMethods = {
  [K in OperationName]: (request: RequestOf<K>) => Promise<Result<ResponseOf<K>>>;
};

export type WorkbenchBridge = BridgeMethods & {
  /** Subscribes to backend events; returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void;
  /**
   * The desktop shell's way to read the local path of a file the user picked or dropped
   * (a DOM `File`). Serve mode has none: a browser uploads the file instead.
   */
  pathForFile?(file: unknown): string;
};

/** Builds the per-operation methods of a bridge from one generic transport function. */
export function bridgeMethods(send: (name: OperationName, request: unknown) => Promise<Result<unknown>>): BridgeMethods {
  const methods: Record<string, (request: unknown) => Promise<Result<unknown>>> = {};
  for (const name of operationNames) methods[name] = (request) => send(name, request);
  return methods as BridgeMethods;
}
