/**
 * The Anthropic SDK, loaded when a live model client is first opened. Importing it costs
 * about 0.4 s of CPU (some 300 files), which every start of the CLI, serve mode and the worker
 * paid although most never call the model.
 */
export type Sdk = typeof import('@anthropic-ai/sdk');

let loading: Promise<Sdk> | undefined;

export function loadSdk(): Promise<Sdk> {
  loading ??= import('@anthropic-ai/sdk');
  return loading;
}
