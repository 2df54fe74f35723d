/** The model operations of the contract (the request ledger, the key, prices), with their request schemas. */
import { z } from 'zod';
import { noParams, read, write } from '../operation';
import type { ModelPriceRow, ModelRequestPage, ModelRequestStatus, ModelsStatus } from './model-types';

/** Printable ASCII without spaces: what API keys are made of; the message never echoes it. */
const apiKey = z
  .string()
  .trim()
  .min(8, 'the key is too short')
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'a key has no spaces or non-ASCII characters');
/** A model id as the API names models (`claude-sonnet-5`, `claude-opus-4-5-20251101`). */
const modelId = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/, 'letters, digits and . _ : @ / - only');
const usdPerMTok = z.number().finite().nonnegative().max(10_000);
const modelPrice = z
  .object({ model: modelId, inputPerMTok: usdPerMTok, outputPerMTok: usdPerMTok, cacheWritePerMTok: usdPerMTok, cacheReadPerMTok: usdPerMTok })
  .strict();
const modelRequestStatuses = ['reserved', 'returned', 'failed', 'unresolved'] as const satisfies readonly ModelRequestStatus[];

export const modelOperations = {
  /** The model request ledger, newest first, filtered by purpose and status. */
  'ledger.list': read<ModelRequestPage>()(
    z
      .object({
        purpose: z.string().min(1).max(128).optional(),
        status: z.enum(modelRequestStatuses).optional(),
        offset: z.number().int().nonnegative().default(0),
        limit: z.number().int().positive().max(1000).default(200),
      })
      .strict(),
  ),
  /** Whether model features can run (a key is set, or replay mode needs none); never the key itself. */
  'models.status': read<ModelsStatus>()(noParams),
  /**
   * Uses this API key for model calls: the desktop app keeps it in the OS's safe storage,
   * serve mode for the session only. It never reaches the corpus or a log.
   */
  'models.setKey': write<ModelsStatus>([])(z.object({ key: apiKey }).strict()),
  /** Forgets the key set in the app (an environment key, if any, applies again). */
  'models.clearKey': write<ModelsStatus>([])(noParams),
  /** The price table costs are computed from, by model id. */
  'prices.list': read<ModelPriceRow[]>()(noParams),
  /** Adds or changes one model's prices; requests already answered keep the cost they were recorded with. */
  'prices.save': write<ModelPriceRow[]>(['model_prices'])(modelPrice),
  'prices.delete': write<ModelPriceRow[]>(['model_prices'])(z.object({ model: modelId }).strict()),
} as const;
