/** Reading loosely typed JSON that agent harnesses write: a field of what may be an object, a message's text. */

/** `value[key]` when `value` is a JSON object, else undefined. */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/** Message content as text: a string, or the text parts of a list of content parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (typeof part === 'string' ? part : String(field(part, 'text') ?? ''))).join('');
}
