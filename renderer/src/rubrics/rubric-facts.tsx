import type { RubricDetail } from '../../../common/rubrics/rubric-types';
import { formatHash } from '../router/route';
import { useTaxonomyStore } from './taxonomy-store';
import { CategoryBadge } from './category-badge';

/** Where the rubric sits: category, family, miner, and the libraries that hold it. */
export function RubricFacts({ rubric }: { rubric: RubricDetail }) {
  const category = useTaxonomyStore((s) => (rubric.category === null ? undefined : s.byCode[rubric.category]));
  return (
    <aside className="rubric-facts" aria-label="About this rubric">
      <dl>
        <dt>Category</dt>
        <dd data-testid="rubric-category">
          <CategoryBadge code={rubric.category} withName />
          {category && <div className="muted">{category.family.replace(/_/g, ' ')} category</div>}
        </dd>
        <dt>Family</dt>
        <dd>{rubric.family}</dd>
        <dt>Miner</dt>
        <dd>{rubric.miner ?? <span className="muted">not recorded</span>}</dd>
        <dt>Libraries</dt>
        <dd>
          {rubric.libraries.length === 0 ? (
            <span className="muted">in no library</span>
          ) : (
            <ul className="plain-list" data-testid="rubric-libraries">
              {rubric.libraries.map((l) => (
                <li key={l.id}>
                  <a href={formatHash({ name: 'libraries', id: l.id })}>{l.name}</a> <span className="mono muted">{l.id}</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </aside>
  );
}
