import { useState } from 'react';
import { CategoryBadge, useTaxonomyStore } from '../rubrics';
import { protectedTotal, useRetrievalStore } from '../libraries';

/**
 * Protected slots: categories that get a fixed number of slots before the rest is split by
 * the pool's mix (e.g. always two timeout rubrics for a GPU task).
 */
export function RetrievalProtect() {
  const protect = useRetrievalStore((s) => s.settings.protect);
  const slots = useRetrievalStore((s) => s.settings.slots);
  const over = useRetrievalStore((s) => protectedTotal(s.settings) > s.settings.slots);
  const setProtected = useRetrievalStore((s) => s.setProtected);
  const categories = useTaxonomyStore((s) => s.taxonomy?.categories);
  const [category, setCategory] = useState('');
  const [count, setCount] = useState('1');
  const n = Number(count);
  const valid = category !== '' && /^\d+$/.test(count) && n >= 1;

  return (
    <div className="retrieval-protect">
      <div className="protect-row">
        <span className="facet-label">Protected</span>
        {Object.entries(protect).map(([code, fixed]) => (
          <span key={code} className="protect-chip" data-testid="protect-chip" data-category={code}>
            <CategoryBadge code={code} /> × {fixed}
            <button type="button" className="chip-remove" aria-label={`Stop protecting ${code}`} onClick={() => setProtected(code, null)}>
              ×
            </button>
          </span>
        ))}
        <select aria-label="Category to protect" data-testid="protect-category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">Add a category…</option>
          {(categories ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} {c.name}
            </option>
          ))}
        </select>
        <input
          type="number"
          className="text-input count-input"
          aria-label="Protected slots"
          data-testid="protect-count"
          min={1}
          max={slots}
          value={count}
          onChange={(e) => setCount(e.target.value)}
        />
        <button type="button" className="button" data-testid="protect-add" disabled={!valid} onClick={() => setProtected(category, n)}>
          Protect
        </button>
      </div>
      {over && (
        <p className="form-error" role="alert">
          The protected slots add up to more than the {slots} slots: lower them or ask for more slots.
        </p>
      )}
    </div>
  );
}
