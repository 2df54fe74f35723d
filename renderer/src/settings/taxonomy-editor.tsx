import { useState } from 'react';
import type { Taxonomy } from '../../../common/rubrics/rubric-types';
import { toErrorData } from '../../../common/errors';
import { useWrite } from '../api/use-write';
import { MarkdownText } from '../labels';
import { useTaxonomyStore } from '../rubrics';
import { draftOf, editCategory, mergeCategory, nextVersion, splitCategory, type TaxonomyDraft } from './taxonomy-draft';

/**
 * The taxonomy and each category's guideline (Markdown, previewed as the queue shows it).
 * Saving makes a new version; splitting or merging categories flags the labels that name them
 * for review, and never rewrites them.
 */
export function TaxonomyEditor({ taxonomy }: { taxonomy: Taxonomy }) {
  const [draft, setDraft] = useState<TaxonomyDraft>(() => draftOf(taxonomy));
  const [selected, setSelected] = useState(taxonomy.categories[0]?.code ?? '');
  const [version, setVersion] = useState(() => nextVersion(taxonomy.version));
  const [splitInto, setSplitInto] = useState('');
  const [mergeInto, setMergeInto] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const saveTaxonomy = useWrite('taxonomy.save', ['taxonomies', 'categories', 'labels', 'failure_events']);
  // A split or merge can remove the selected code: the first category takes its place.
  const category = draft.categories.find((c) => c.code === selected) ?? draft.categories[0] ?? null;
  const original = category !== null && taxonomy.categories.some((c) => c.code === category.code);

  async function save(): Promise<void> {
    try {
      const saved = await saveTaxonomy.run({ version, ...draft });
      await useTaxonomyStore.getState().refresh();
      setDraft(draftOf(saved.taxonomy));
      setVersion(nextVersion(saved.taxonomy.version));
      setMessage({ ok: true, text: `Saved as taxonomy ${saved.taxonomy.version}; ${saved.flagged} label record(s) flagged for review.` });
    } catch (err) {
      setMessage({ ok: false, text: toErrorData(err).message });
    }
  }

  return (
    <section className="settings-section" aria-labelledby="taxonomy-title" data-testid="taxonomy-editor">
      <h2 id="taxonomy-title">
        Taxonomy <span className="muted">· {taxonomy.version ?? 'none yet'}</span>
      </h2>
      <div className="taxonomy-editor">
        <ul className="taxonomy-list" aria-label="Categories">
          {draft.categories.map((c) => (
            <li key={c.code}>
              <button type="button" className={c.code === selected ? 'taxonomy-item selected' : 'taxonomy-item'} onClick={() => setSelected(c.code)}>
                <span className="category-code">{c.code}</span> {c.name}
              </button>
            </li>
          ))}
        </ul>
        {category && (
          <div className="taxonomy-detail">
            <div className="settings-row">
              <label className="facet">
                <span className="facet-label">Name</span>
                <input className="text-input" value={category.name} onChange={(e) => setDraft(editCategory(draft, category.code, { name: e.target.value }))} />
              </label>
              <label className="facet">
                <span className="facet-label">Family</span>
                <input
                  className="text-input"
                  value={category.family}
                  onChange={(e) => setDraft(editCategory(draft, category.code, { family: e.target.value }))}
                />
              </label>
            </div>
            <label className="facet">
              <span className="facet-label">Guideline (Markdown)</span>
              <textarea
                className="schema-json"
                data-testid="guideline-input"
                rows={7}
                value={category.guideline}
                onChange={(e) => setDraft(editCategory(draft, category.code, { guideline: e.target.value }))}
              />
            </label>
            <div className="guideline-preview">
              <MarkdownText text={category.guideline || '*No guideline.*'} />
            </div>
            {original && (
              <div className="settings-row">
                <input
                  className="text-input"
                  placeholder="Split into codes, e.g. C03a, C03b"
                  value={splitInto}
                  onChange={(e) => setSplitInto(e.target.value)}
                />
                <button
                  type="button"
                  className="button"
                  disabled={splitInto.split(',').filter((s) => s.trim()).length < 2}
                  onClick={() => {
                    setDraft(
                      splitCategory(
                        draft,
                        category.code,
                        splitInto
                          .split(',')
                          .map((s) => s.trim())
                          .filter(Boolean),
                      ),
                    );
                    setSplitInto('');
                  }}
                >
                  Split
                </button>
                <select value={mergeInto} onChange={(e) => setMergeInto(e.target.value)} aria-label="Merge into">
                  <option value="">Merge into…</option>
                  {draft.categories
                    .filter((c) => c.code !== category.code)
                    .map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.code} · {c.name}
                      </option>
                    ))}
                </select>
                <button
                  type="button"
                  className="button"
                  disabled={mergeInto === ''}
                  onClick={() => {
                    setDraft(mergeCategory(draft, category.code, mergeInto));
                    setSelected(mergeInto);
                    setMergeInto('');
                  }}
                >
                  Merge
                </button>
              </div>
            )}
          </div>
        )}
      </div>
      {(draft.splits.length > 0 || draft.merges.length > 0) && (
        <p className="muted">
          On save, labels naming {[...draft.splits.map((s) => s.from), ...draft.merges.flatMap((m) => m.from)].join(', ')} are flagged for review.
        </p>
      )}
      <div className="settings-row">
        <label className="facet">
          <span className="facet-label">New version</span>
          <input className="text-input" value={version} onChange={(e) => setVersion(e.target.value)} data-testid="taxonomy-version" />
        </label>
        <button type="button" className="button button-primary" onClick={() => void save()} data-testid="taxonomy-save">
          Save as a new version
        </button>
        {message && <span className={message.ok ? 'saved-mark' : 'form-error'}>{message.text}</span>}
      </div>
    </section>
  );
}
