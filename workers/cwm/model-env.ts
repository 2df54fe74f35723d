import { ApiError } from '../../common/errors';

/** `live` sends requests (answering from the ledger when already paid for); `replay` only answers from the ledger. */
export type ModelMode = 'live' | 'replay';

/** How this process may reach the model. */
export interface ModelSettings {
  /** Never stored in the corpus nor logged. */
  apiKey: string | null;
  mode: ModelMode;
}

/** Where the key comes from outside the app (in the app, Electron main hands it over from safe storage). */
export const apiKeyVariable = 'ANTHROPIC_API_KEY';
/** `replay` answers every model call from the ledger; anything else but `live` is refused. */
export const modeVariable = 'RWB_MODEL_MODE';

/** The key and mode of the CLI and worker, from their environment. */
export function modelSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ModelSettings {
  const mode = env[modeVariable] || 'live';
  if (mode !== 'live' && mode !== 'replay') {
    throw new ApiError('invalid_request', `${modeVariable} must be "live" or "replay", not "${mode}"`);
  }
  return { apiKey: env[apiKeyVariable] || null, mode };
}

/** The message every model feature shows when it cannot run for want of a key. */
export const noKeyMessage = `no API key: set ${apiKeyVariable} to use the model, or set ${modeVariable}=replay to answer from the ledger`;
