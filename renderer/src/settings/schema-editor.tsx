import { useState } from 'react';
import type { LabelSchema, LabelSchemaDefinition } from '../../../common/labels/label-schema';
import { toErrorData } from '../../../common/errors';
import { useWrite } from '../api/use-write';

/**
 * A schema's definition as JSON, saved as the schema's next version (the worker validates it
 * and names the field that is wrong). Labels keep the version they were made under. A
 * category schema's values are the taxonomy's codes, so it has no options here.
 */
export function SchemaEditor({ schemas }: { schemas: LabelSchema[] }) {
  const [name, setName] = useState(schemas[0]?.name ?? '');
  const schema = schemas.find((s) => s.name === name) ?? null;
  const [text, setText] = useState(() => (schema ? JSON.stringify(schema.definition, null, 2) : ''));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const saveSchema = useWrite('labels.schemaSave', ['label_schemas', 'labels']);

  function choose(next: string): void {
    const chosen = schemas.find((s) => s.name === next);
    setName(next);
    setText(chosen ? JSON.stringify(chosen.definition, null, 2) : '');
    setMessage(null);
  }

  async function save(): Promise<void> {
    let definition: LabelSchemaDefinition;
    try {
      definition = JSON.parse(text) as LabelSchemaDefinition;
    } catch (err) {
      return setMessage({ ok: false, text: `Not JSON: ${(err as Error).message}` });
    }
    try {
      const saved = await saveSchema.run({ name, definition });
      setMessage({ ok: true, text: saved.version === schema?.version ? 'No change.' : `Saved as version ${saved.version}.` });
    } catch (err) {
      setMessage({ ok: false, text: toErrorData(err).message });
    }
  }

  return (
    <section className="settings-section" aria-labelledby="schemas-title">
      <h2 id="schemas-title">Label schemas</h2>
      <div className="settings-row">
        <label className="facet">
          <span className="facet-label">Schema</span>
          <select value={name} onChange={(e) => choose(e.target.value)} data-testid="schema-editor-select">
            {schemas.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name} (v{s.version})
              </option>
            ))}
          </select>
        </label>
        {schema && (
          <span className="muted">
            {schema.definition.value.kind === 'taxonomy'
              ? `Values: the ${schema.optionsTaxonomy ?? 'newest'} taxonomy's ${schema.options.length} categories, each with its guideline.`
              : `Values: ${schema.options.map((o) => o.value).join(', ')}.`}
          </span>
        )}
      </div>
      <textarea
        className="schema-json mono"
        data-testid="schema-editor-json"
        aria-label="Label schema as JSON"
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={18}
      />
      <div className="settings-row">
        <button type="button" className="button button-primary" onClick={() => void save()} data-testid="schema-editor-save">
          Save as a new version
        </button>
        {message && (
          <span className={message.ok ? 'saved-mark' : 'form-error'} data-testid="schema-editor-message">
            {message.text}
          </span>
        )}
      </div>
    </section>
  );
}
