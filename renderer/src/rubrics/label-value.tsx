import { CategoryBadge } from './category-badge';

/**
 * What a label says. A category label holds a code (shown with its name); a quality audit an
 * accept or reject verdict; other schemas any JSON value, shown as written.
 */
export function LabelValue({ schema, value }: { schema: string; value: unknown }) {
  if (schema === 'category' && typeof value === 'string') return <CategoryBadge code={value} withName />;
  if (value === 'accept') return <span className="badge badge-ok">accept</span>;
  if (value === 'reject') return <span className="badge badge-fail">reject</span>;
  return <span className="mono">{typeof value === 'string' ? value : JSON.stringify(value)}</span>;
}
