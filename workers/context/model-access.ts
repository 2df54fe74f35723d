import type { ModelKeySource, ModelsStatus } from '../../common/model/model-types';
import { modelSettingsFromEnv, type ModelMode, type ModelSettings } from './model-env';

/** Where a key set in the app is kept; the environment's key is the other source. */
export type AppKeySource = Exclude<ModelKeySource, 'environment'>;

/**
 * The API key and mode this process's model calls use. The mode and a fallback key come from
 * the environment at start; a key set in the app (Settings, or Electron main from the OS's
 * safe storage) wins over the environment's until it is cleared. The key is only ever handed
 * to the model client: no status, error or log includes it.
 */
export class ModelAccess {
  private readonly mode: ModelMode;
  private readonly envKey: string | null;
  private appKey: { key: string; source: AppKeySource } | null = null;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    const settings = modelSettingsFromEnv(env);
    this.mode = settings.mode;
    this.envKey = settings.apiKey;
  }

  setAppKey(key: string, source: AppKeySource): ModelsStatus {
    this.appKey = { key, source };
    return this.status();
  }

  clearAppKey(): ModelsStatus {
    this.appKey = null;
    return this.status();
  }

  /** What a run hands to the model client. */
  settings(): ModelSettings {
    return { apiKey: this.appKey?.key ?? this.envKey, mode: this.mode };
  }

  status(): ModelsStatus {
    const keySource: ModelKeySource | null = this.appKey?.source ?? (this.envKey === null ? null : 'environment');
    return { hasKey: keySource !== null, mode: this.mode, keySource };
  }
}
