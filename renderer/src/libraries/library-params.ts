/** A library's build parameters as one short line: `model=opus · targetSize=24`. */
export function formatParams(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(
      ([key, value]) =>
        `${key}=${Array.isArray(value) ? value.join(',') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join(' · ');
}
