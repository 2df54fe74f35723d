import { useTaxonomyStore } from './taxonomy-store';
import { uncategorised } from './category-order';

/** Props of a category badge. */
export interface CategoryBadgeProps {
  code: string | null;
  /** Also print the category's name beside its code (otherwise it is the tooltip). */
  withName?: boolean;
}

/** A failure category as its code, named from the taxonomy; a rubric without one says so. */
export function CategoryBadge({ code, withName = false }: CategoryBadgeProps) {
  const name = useTaxonomyStore((s) => (code === null ? undefined : s.byCode[code]?.name));
  if (code === null || code === uncategorised) return <span className="category-code uncategorised">uncategorised</span>;
  return (
    <span className="category-badge" title={name ? `${code} · ${name}` : code}>
      <span className="category-code">{code}</span>
      {withName && name && <span className="category-name">{name}</span>}
    </span>
  );
}
