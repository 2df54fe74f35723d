/**
 * The engine the failure rules' patterns run on: RE2 (re2js, a pure-JavaScript port), whose
 * matching takes time linear in the text, so a pattern like `^(a|a)+$` cannot stall the
 * worker on a long message as a backtracking RegExp would. What RE2 cannot take
 * (backreferences, lookaround) is refused when a rule is saved.
 */
import { RE2JS } from 're2js';

/** A compiled rule pattern: matches anywhere in the text, ignoring case. */
export interface RulePattern {
  test(text: string): boolean;
}

export type CompiledPattern = { ok: true; pattern: RulePattern } | { ok: false; reason: string };

export function compileRulePattern(pattern: string): CompiledPattern {
  try {
    return { ok: true, pattern: RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE) };
  } catch (err) {
    return { ok: false, reason: (err as Error).message.replace(/^error parsing regexp: /, '') };
  }
}
