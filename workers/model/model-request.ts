import { createHash } from 'node:crypto';
import type { MessageCreateParamsNonStreaming, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import { z } from 'zod';
import { canonicalJson } from '../util/canonical-json';

/**
 * One structured call: the model must answer by calling `tool`, whose input is the answer
 * and must match `tool.schema`.
 */
export interface StructuredRequest<T> {
  /** What the call is for (`judge`, `mine`, `curate`, ...): the ledger's `purpose`. */
  purpose: string;
  model: string;
  system?: string;
  messages: MessageParam[];
  tool: {
    name: string;
    description: string;
    /** Validates the answer; its JSON Schema is sent as the tool's `input_schema`. */
    schema: z.ZodType<T>;
  };
  maxTokens: number;
  /** Left out of the body when unset: newer models refuse a non-default value with a 400. */
  temperature?: number;
}

/** The exact JSON body sent to `POST /v1/messages`, its canonical text and that text's sha256. */
export interface BuiltRequest {
  body: MessageCreateParamsNonStreaming;
  canonical: string;
  hash: string;
}

/**
 * Builds the body the client sends. The hash is over this body and nothing else (not the
 * purpose), so two purposes asking the same thing share one paid answer.
 */
export function buildRequest<T>(request: StructuredRequest<T>): BuiltRequest {
  const body: MessageCreateParamsNonStreaming = {
    model: request.model,
    max_tokens: request.maxTokens,
    messages: request.messages,
    tools: [{ name: request.tool.name, description: request.tool.description, input_schema: inputSchema(request.tool.schema) }],
    tool_choice: { type: 'tool', name: request.tool.name },
    ...(request.system === undefined ? {} : { system: request.system }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
  const canonical = canonicalJson(body);
  return { body, canonical, hash: createHash('sha256').update(canonical).digest('hex') };
}

function inputSchema(schema: z.ZodType): Tool.InputSchema {
  // `$schema` names the draft for validators; the API does not need it and it would only
  // lengthen every request.
  const { $schema: _draft, ...json } = z.toJSONSchema(schema) as Record<string, unknown>;
  if (json.type !== 'object') throw new Error(`a tool's input schema must describe an object, not ${String(json.type)}`);
  return json as Tool.InputSchema;
}
