/**
 * The e2e fixtures with a model: each test also gets a fake Messages API on 127.0.0.1 that
 * answers the miner and the judge deterministically (workers/pipeline/test-support/fake-pipeline-model.ts),
 * and its `rwb serve` sends model calls there in live mode. `modelKey: false` starts serve
 * without a key (so model features say so, or a spec sets the key through Settings: the fake
 * accepts `fakeModelKey`).
 */
import { FakeMessagesServer } from '../workers/model/test-support/fake-messages-server';
import { pipelineReply } from '../workers/pipeline/test-support/fake-pipeline-model';
import { test as base } from './fixtures';

/** The only key the fake Messages API accepts. */
export const fakeModelKey = 'sk-ant-e2e-fake-model-key';

export interface ModelOptions {
  /** Whether `rwb serve` gets `fakeModelKey` in its environment (default true). */
  modelKey: boolean;
  /** Milliseconds the fake waits before each answer, so a run is slow enough to watch (default 0). */
  modelDelayMs: number;
}

export const test = base.extend<ModelOptions & { fakeModel: FakeMessagesServer }>({
  modelKey: [true, { option: true }],
  modelDelayMs: [0, { option: true }],
  fakeModel: async ({ modelDelayMs }, use) => {
    const server = await FakeMessagesServer.start(fakeModelKey);
    server.replyWith((request) => {
      const reply = pipelineReply(request);
      return 'drop' in reply || modelDelayMs === 0 ? reply : { ...reply, delayMs: modelDelayMs };
    });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  serveEnv: async ({ fakeModel, modelKey }, use) =>
    use({
      // Undefined removes a key the runner's own environment may hold.
      ANTHROPIC_API_KEY: modelKey ? fakeModelKey : undefined,
      ANTHROPIC_BASE_URL: fakeModel.url,
      RWB_MODEL_MODE: 'live',
    }),
});

export { expect, type Workbench } from './fixtures';
