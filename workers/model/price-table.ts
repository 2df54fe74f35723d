import type { Db } from '../db/open-corpus';
import { listPrices } from './price-queries';

/** US dollars per million tokens of one model, as Settings holds them. */
export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
  cacheWritePerMTok: number;
  cacheReadPerMTok: number;
}

/** Token counts as the API reports them in `usage`. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
}

/** Model id to price; a dated snapshot id falls back to its alias. */
export class PriceTable {
  constructor(private readonly prices: ReadonlyMap<string, ModelPrice>) {}

  /** The price table of the corpus's Settings (`model_prices`). */
  static load(db: Db): PriceTable {
    return new PriceTable(new Map(listPrices(db).map((row) => [row.model, row])));
  }

  /** The price of `model`, or undefined when Settings has none. */
  priceOf(model: string): ModelPrice | undefined {
    // A dated snapshot (`claude-opus-4-5-20251101`) is billed as its alias (`claude-opus-4-5`).
    return this.prices.get(model) ?? this.prices.get(model.replace(/-\d{8}$/, ''));
  }
}

/** The dollars a response cost. */
export function costOf(price: ModelPrice, usage: TokenUsage): number {
  return (
    (usage.inputTokens * price.inputPerMTok +
      usage.outputTokens * price.outputPerMTok +
      usage.cacheWriteTokens * price.cacheWritePerMTok +
      usage.cacheReadTokens * price.cacheReadPerMTok) /
    1e6
  );
}

/**
 * Tokens the API adds around a request with tools (its tool-use system prompt is a few
 * hundred tokens); generous so that the bound below stays a bound.
 */
const toolOverheadTokens = 1000;

/**
 * An upper bound on what a request can cost, known before sending it. Claude's tokenizer
 * never makes more tokens than UTF-8 bytes, so the body's byte length bounds the input
 * tokens, and `max_tokens` bounds the output. Cache writes cost more than plain input, so
 * the bound prices input at the dearer of the two.
 */
export function worstCaseCost(price: ModelPrice, canonicalBody: string, maxTokens: number): number {
  const inputTokens = Buffer.byteLength(canonicalBody, 'utf8') + toolOverheadTokens;
  const inputRate = Math.max(price.inputPerMTok, price.cacheWritePerMTok);
  return (inputTokens * inputRate + maxTokens * price.outputPerMTok) / 1e6;
}
