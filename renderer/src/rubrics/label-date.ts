/** A label's ISO timestamp as `2026-10-01 09:16 UTC`: labels are compared across time zones. */
export function formatLabelDate(at: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(at);
  if (!match) return at;
  return at.endsWith('Z') ? `${match[1]} ${match[2]} UTC` : `${match[1]} ${match[2]}`;
}
