/** Reading a scanned shape (json-shape.ts): what format detectors ask of a document. */
import type { Shape } from './json-shape';

/** The member `key` of an object shape, else undefined. */
export function member(shape: Shape | null | undefined, ...path: string[]): Shape | undefined {
  let at: Shape | null | undefined = shape;
  for (const key of path) at = at?.kind === 'object' ? at.keys.get(key) : undefined;
  return at ?? undefined;
}

/** The (start of the) text of a string shape, else undefined. */
export function textOf(shape: Shape | undefined): string | undefined {
  return shape?.kind === 'string' ? shape.text : undefined;
}

/** The recorded items of an array shape; empty for anything else. */
export function itemsOf(shape: Shape | undefined): readonly Shape[] {
  return shape?.kind === 'array' ? shape.items : [];
}

/** Every string recorded under `shape`, depth first. */
export function textsIn(shape: Shape | undefined): string[] {
  if (!shape) return [];
  if (shape.kind === 'string') return [shape.text];
  if (shape.kind === 'array') return shape.items.flatMap(textsIn);
  if (shape.kind === 'object') return [...shape.keys.values()].flatMap(textsIn);
  return [];
}
