import { useState } from 'react';
import type { SlotAllocation } from '../../../common/rubrics/rubric-types';
import { CategoryBadge, formatExact, formatShare } from '../rubrics';

/** Props of the allocation table. */
export interface RetrievalAllocationProps {
  allocation: SlotAllocation[];
  /** Slots asked for. */
  slots: number;
}

/** Whether a category is shown folded: it filled slots, or was protected. */
function filledOrProtected(row: SlotAllocation): boolean {
  return row.slots > 0 || row.protected;
}

/**
 * How the slots were split, exactly as the backend computed it: each category's pool share,
 * its exact share of the slots, the integer allocation before and after categories without
 * enough rubrics passed theirs on, and how many rubrics it has. Categories that filled no
 * slot (including those that passed theirs on) fold away until asked for, so the cards stay
 * in view.
 */
export function RetrievalAllocation({ allocation, slots }: RetrievalAllocationProps) {
  const [all, setAll] = useState(false);
  const shown = all ? allocation : allocation.filter(filledOrProtected);
  const hidden = allocation.length - allocation.filter(filledOrProtected).length;
  const passedOn = allocation.filter((row) => !filledOrProtected(row) && row.slotsBefore > 0).length;
  const filled = allocation.reduce((sum, row) => sum + row.slots, 0);
  const available = allocation.reduce((sum, row) => sum + row.available, 0);
  return (
    <section className="allocation" aria-label="Slot allocation">
      <table className="allocation-table" data-testid="allocation-table">
        <colgroup>
          <col />
          <col className="col-share" />
          <col className="col-exact" />
          <col className="col-before" />
          <col className="col-slots" />
          <col className="col-available" />
        </colgroup>
        <thead>
          <tr>
            <th>Category</th>
            <th className="numeric" title="q: share of the pool's failure events in this category">
              Pool
            </th>
            <th className="numeric" title="R × q over the non-protected categories; the fixed count when protected">
              Exact
            </th>
            <th className="numeric" title="Integer allocation: floor, then leftovers to the largest remainders">
              Before
            </th>
            <th className="numeric" title="Slots filled after categories short of rubrics passed theirs on">
              Slots
            </th>
            <th className="numeric" title="Rubrics of the library in this category">
              Avail.
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr
              key={row.category}
              className={row.slots === 0 ? 'empty-row' : undefined}
              data-testid="allocation-row"
              data-category={row.category}
              data-slots={row.slots}
              data-available={row.available}
              data-protected={row.protected}
            >
              <td className="allocation-category">
                <CategoryBadge code={row.category} withName />
                {row.protected && (
                  <span className="badge badge-outline protected-mark" title="Protected: a fixed number of slots, served first">
                    protected
                  </span>
                )}
              </td>
              <td className="numeric">{formatShare(row.share)}</td>
              <td className="numeric">{formatExact(row.exact)}</td>
              <td className="numeric">{row.slotsBefore}</td>
              <td className={row.slots !== row.slotsBefore ? 'numeric changed' : 'numeric'}>
                <strong>{row.slots}</strong>
              </td>
              <td className="numeric">{row.available}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="allocation-total" data-slots={filled} data-available={available}>
            <td>
              {filled} of {slots} slots filled
            </td>
            <td colSpan={3} />
            <td className="numeric">
              <strong>{filled}</strong>
            </td>
            <td className="numeric">{available}</td>
          </tr>
        </tfoot>
      </table>
      {hidden > 0 && (
        <button type="button" className="link-button allocation-toggle" data-testid="allocation-toggle" aria-expanded={all} onClick={() => setAll(!all)}>
          {all
            ? 'Hide categories that filled no slot'
            : `Show ${hidden} more ${hidden === 1 ? 'category' : 'categories'} that filled no slot${passedOn > 0 ? ` (${passedOn} passed theirs on)` : ''}`}
        </button>
      )}
    </section>
  );
}
