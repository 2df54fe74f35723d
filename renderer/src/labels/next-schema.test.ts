import { describe, expect, it } from 'vitest';
import type { LabelSchema } from '../../../common/labels/label-schema';
import { nextSchemaOf } from './use-label-toolbar-commands';

const schema = (name: string, kind: 'taxonomy' | 'scopes'): LabelSchema =>
  ({ name, version: 1, definition: { title: name.toUpperCase(), value: { kind } } }) as unknown as LabelSchema;

const schemas = [schema('category', 'taxonomy'), schema('quality_audit', 'taxonomy'), schema('run_audit', 'scopes'), schema('applicability', 'taxonomy')];

describe('Shift+S, the next label schema', () => {
  it('steps over a run-audit schema in the queue and names it', () => {
    const { next, skipped } = nextSchemaOf(schemas, 'quality_audit', 'queue');
    expect(next).toBe('applicability');
    expect(skipped.map((s) => s.name)).toEqual(['run_audit']);
  });

  it('goes round to the first schema, skipping nothing when nothing is in the way', () => {
    expect(nextSchemaOf(schemas, 'applicability', 'queue')).toEqual({ next: 'category', skipped: [] });
  });

  it('keeps every schema in views that can show a run audit', () => {
    expect(nextSchemaOf(schemas, 'quality_audit', 'agreement')).toEqual({ next: 'run_audit', skipped: [] });
  });

  it('leaves a run-audit schema reached from the address by the next queueable one', () => {
    expect(nextSchemaOf(schemas, 'run_audit', 'queue')).toEqual({ next: 'applicability', skipped: [] });
  });
});
