import { useState } from 'react';
import { FacetSelect } from '../components/facet-select';
import { useLibraryStore, useRetrievalStore } from '../libraries';

const maxSlots = 1000;

/** Which library to retrieve from, which pool's mix splits the slots, and how many slots. */
export function RetrievalControls() {
  const libraries = useLibraryStore((s) => s.libraries);
  const pools = useLibraryStore((s) => s.pools);
  const library = useRetrievalStore((s) => s.settings.library);
  const collection = useRetrievalStore((s) => s.settings.collection);
  const slots = useRetrievalStore((s) => s.settings.slots);
  const { setLibrary, setCollection, setSlots } = useRetrievalStore.getState();
  // The field keeps what is typed (even "" mid-edit); only whole numbers in range are applied.
  const [slotsText, setSlotsText] = useState(String(slots));

  function onSlots(text: string): void {
    setSlotsText(text);
    const n = Number(text);
    if (/^\d+$/.test(text) && n >= 1 && n <= maxSlots) setSlots(n);
  }

  return (
    <div className="retrieval-controls">
      <label className="facet">
        <span className="facet-label">Library</span>
        <select data-testid="retrieval-library" value={library ?? ''} onChange={(e) => setLibrary(e.target.value)}>
          {(libraries ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({l.size})
            </option>
          ))}
        </select>
      </label>
      <FacetSelect
        label="Pool"
        testId="retrieval-pool"
        allLabel="All collections"
        value={collection}
        options={(pools ?? []).map((p) => ({ value: p.value, text: p.label }))}
        onChange={setCollection}
      />
      <label className="facet slots-facet">
        <span className="facet-label">Slots</span>
        <input
          type="number"
          className="text-input"
          data-testid="retrieval-slots"
          min={1}
          max={maxSlots}
          value={slotsText}
          onChange={(e) => onSlots(e.target.value)}
          onBlur={() => setSlotsText(String(useRetrievalStore.getState().settings.slots))}
          // Enter or Escape hands the keyboard back to the screen (r, j/k) without a click.
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === 'Escape') e.currentTarget.blur();
          }}
        />
      </label>
    </div>
  );
}
