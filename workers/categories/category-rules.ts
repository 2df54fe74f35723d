import type { CategoryRule } from '../../common/corpus/corpus-types';
import type { Db } from '../db/open-corpus';
import { compileRulePattern, type RulePattern } from './rule-pattern';

/** The facts of a failure event that rules can look at. */
export interface RuleSubject {
  kind: string;
  exception_class: string | null;
  message: string | null;
  traceback: string | null;
  command: string | null;
}

/** A rule ready to run: its pattern compiled once. */
interface CompiledRule {
  category: string;
  field: CategoryRule['field'];
  pattern: RulePattern;
}

export function listRules(db: Db): CategoryRule[] {
  return db
    .prepare<unknown[], Omit<CategoryRule, 'enabled'> & { enabled: number }>(
      'SELECT id, position, category, field, pattern, enabled, note FROM category_rules ORDER BY position, id',
    )
    .all()
    .map((r) => ({ ...r, enabled: r.enabled === 1 }));
}

/**
 * A function that suggests a category for a failure event: the first enabled rule, in
 * position order, whose pattern matches its field, among rules whose category exists in
 * the corpus's taxonomy. Returns null when no rule matches. A stored pattern the linear-time
 * engine cannot take (saved before it was used, with a backreference or lookaround) matches
 * nothing; `rules.save` refuses it, naming it, until it is rewritten.
 */
export function categorySuggester(db: Db): (subject: RuleSubject) => string | null {
  const known = new Set(db.prepare<unknown[], string>('SELECT DISTINCT code FROM categories').pluck().all());
  const rules: CompiledRule[] = listRules(db)
    .filter((r) => r.enabled && known.has(r.category))
    .flatMap((r) => {
      const compiled = compileRulePattern(r.pattern);
      return compiled.ok ? [{ category: r.category, field: r.field, pattern: compiled.pattern }] : [];
    });
  const firstMatch = new Map<CategoryRule['field'], FirstMatch>();
  rules.forEach((rule, i) => {
    let field = firstMatch.get(rule.field);
    if (!field) firstMatch.set(rule.field, (field = new FirstMatch()));
    field.rules.push({ index: i, pattern: rule.pattern });
  });
  const fields = [...firstMatch];
  return (subject) => {
    let first = -1;
    for (const [name, field] of fields) {
      const value = subject[name];
      if (value === null) continue;
      const i = field.of(value);
      if (i !== -1 && (first === -1 || i < first)) first = i;
    }
    return first === -1 ? null : rules[first]!.category;
  };
}

/** Recomputes every failure event's suggested category, e.g. after the rules or the taxonomy changed. */
export function applyRules(db: Db): number {
  const suggest = categorySuggester(db);
  const update = db.prepare('UPDATE failure_events SET suggested_category = ? WHERE id = ?');
  const rows = db
    .prepare<unknown[], RuleSubject & { id: number }>(
      `SELECT f.id, f.kind, f.exception_class, f.message, f.traceback, s.command
      FROM failure_events f LEFT JOIN steps s ON s.rollout_id = f.rollout_id AND s.idx = f.step_idx`,
    )
    .all();
  let changed = 0;
  db.transaction(() => {
    for (const row of rows) changed += update.run(suggest(row), row.id).changes;
  })();
  return changed;
}

/** How many characters of field values a FirstMatch remembers before it forgets them all. */
const rememberedChars = 4 * 1024 * 1024;

/**
 * The rules that look at one field, and for each value of that field seen lately the index
 * (in position order) of the first rule whose pattern matches it, or -1. Failures repeat (the
 * same missing module in every rollout of a task), and the linear-time engine takes microseconds
 * per pattern and value: an import of a million steps spent seconds matching the same
 * exception classes and messages again.
 */
class FirstMatch {
  readonly rules: { index: number; pattern: RulePattern }[] = [];
  private readonly seen = new Map<string, number>();
  private chars = 0;

  of(value: string): number {
    const known = this.seen.get(value);
    if (known !== undefined) return known;
    const found = this.rules.find((rule) => rule.pattern.test(value))?.index ?? -1;
    if (this.chars + value.length > rememberedChars) {
      this.seen.clear();
      this.chars = 0;
    }
    this.seen.set(value, found);
    this.chars += value.length;
    return found;
  }
}
