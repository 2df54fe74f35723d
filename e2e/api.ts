import type { APIRequestContext } from '@playwright/test';
import type { OperationName, RequestOf, ResponseOf, Result } from '../common/contract';

/** Where a serve-mode API answers, and the token it requires. */
export interface ApiServer {
  origin: string;
  token: string;
}

/** Posts one operation to the serve-mode API and returns its answer as it came: a value or a typed error. */
export async function postOperation<K extends OperationName>(
  request: APIRequestContext,
  server: ApiServer,
  op: K,
  data: RequestOf<K>,
): Promise<Result<ResponseOf<K>>> {
  const response = await request.post(`${server.origin}/api/${op}`, { data, headers: { 'x-rwb-token': server.token } });
  return (await response.json()) as Result<ResponseOf<K>>;
}

/** Posts one operation, expects success and returns its value, typed by the contract. */
export async function callOperation<K extends OperationName>(request: APIRequestContext, server: ApiServer, op: K, data: RequestOf<K>): Promise<ResponseOf<K>> {
  const body = await postOperation(request, server, op, data);
  if (!body.ok) throw new Error(`${op}: ${body.error.code}: ${body.error.message}`);
  return body.value;
}
