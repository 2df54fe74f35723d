import type { ParsedRequestOf } from '../../common/contract';
import type { CategoryRule } from '../../common/corpus/corpus-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { applyRules, listRules } from './category-rules';
import { compileRulePattern } from './rule-pattern';

/**
 * Replaces the whole rule table and re-suggests every failure event's category, in one
 * transaction. Each rule is checked first; an error names the rule's position and field.
 */
export function saveRules(db: Db, req: ParsedRequestOf<'rules.save'>): { rules: CategoryRule[]; changed: number } {
  const known = new Set(db.prepare<unknown[], string>('SELECT DISTINCT code FROM categories').pluck().all());
  req.rules.forEach((rule, i) => {
    const compiled = compileRulePattern(rule.pattern);
    if (!compiled.ok) {
      throw new ApiError(
        'invalid_request',
        `rules.${i}.pattern: not a pattern the linear-time engine (RE2) takes: ${compiled.reason}; backreferences and lookaround are not supported`,
        { field: `rules.${i}.pattern` },
      );
    }
    if (!known.has(rule.category)) {
      throw new ApiError('invalid_request', `rules.${i}.category: "${rule.category}" is not a category of the corpus's taxonomy`, {
        field: `rules.${i}.category`,
      });
    }
  });
  const insert = db.prepare('INSERT INTO category_rules (position, category, field, pattern, enabled, note) VALUES (?, ?, ?, ?, ?, ?)');
  let changed = 0;
  db.transaction(() => {
    db.exec('DELETE FROM category_rules');
    req.rules.forEach((r, i) => insert.run(i + 1, r.category, r.field, r.pattern, r.enabled ? 1 : 0, r.note));
    changed = applyRules(db);
  })();
  return { rules: listRules(db), changed };
}
