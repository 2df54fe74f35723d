import { z } from 'zod';
import type { TokenUsage } from './price-table';

/** What a response body says, read as the answer of a forced tool call. */
export type Reading<T> =
  | { ok: true; value: T; usage: TokenUsage }
  /** Not a message at all, so nobody knows what it cost. */
  | { ok: false; reason: 'malformed_body'; message: string; usage: null }
  /** A message, paid for, that holds no valid answer. */
  | { ok: false; reason: 'truncated' | 'no_tool_use' | 'schema_invalid'; message: string; usage: TokenUsage };

const messageEnvelope = z.looseObject({
  content: z.array(z.looseObject({ type: z.string(), name: z.string().optional(), input: z.unknown().optional() })),
  stop_reason: z.string().nullish(),
  usage: z.looseObject({
    input_tokens: z.number().int().nonnegative(),
    output_tokens: z.number().int().nonnegative(),
    cache_creation_input_tokens: z.number().int().nonnegative().nullish(),
    cache_read_input_tokens: z.number().int().nonnegative().nullish(),
  }),
});

/**
 * Reads a Messages API response body: the input of the `toolName` tool_use block, checked
 * against `schema`. Pure, so replay reads a stored body to exactly the same outcome.
 */
export function readStructured<T>(text: string, toolName: string, schema: z.ZodType<T>): Reading<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: 'malformed_body', message: `the response body is not JSON (${(err as Error).message})`, usage: null };
  }
  const envelope = messageEnvelope.safeParse(json);
  if (!envelope.success) {
    return { ok: false, reason: 'malformed_body', message: `the response body is not a message: ${z.prettifyError(envelope.error)}`, usage: null };
  }
  const message = envelope.data;
  const usage: TokenUsage = {
    inputTokens: message.usage.input_tokens,
    outputTokens: message.usage.output_tokens,
    cacheWriteTokens: message.usage.cache_creation_input_tokens ?? 0,
    cacheReadTokens: message.usage.cache_read_input_tokens ?? 0,
  };
  // Checked before the tool input: a response cut at max_tokens may still parse, but its
  // input is whatever the model had written so far.
  if (message.stop_reason === 'max_tokens') {
    return { ok: false, reason: 'truncated', message: 'the model stopped at max_tokens, so its answer is incomplete', usage };
  }
  const block = message.content.find((b) => b.type === 'tool_use' && b.name === toolName);
  if (!block) {
    return {
      ok: false,
      reason: 'no_tool_use',
      message: `the response has no tool_use block for ${toolName} (stop_reason ${String(message.stop_reason)})`,
      usage,
    };
  }
  const parsed = schema.safeParse(block.input);
  if (!parsed.success) {
    return { ok: false, reason: 'schema_invalid', message: `the ${toolName} input does not match its schema: ${z.prettifyError(parsed.error)}`, usage };
  }
  return { ok: true, value: parsed.data, usage };
}
