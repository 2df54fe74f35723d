import { ApiError } from '../../common/errors';

/** `live` sends requests (answering from the ledger when already paid for); `replay` only answers from the ledger. */
export type ModelMode = 'live' | 'replay';

/** How this process may reach the model. */
export interface ModelSettings {
  /** Never stored in the corpus nor logged. */
  apiKey: string | null;
  mode: ModelMode;
}

/** Where the CLI and serve mode find a key (the desktop app keeps one in the OS's safe storage; Settings can set one for a session). */
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
export const noKeyMessage = `no API key: set one in Settings, or ${apiKeyVariable} in the environment of the CLI or \`rwb serve\`; or set ${modeVariable}=replay to answer from the ledger`;
