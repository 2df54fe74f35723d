import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, themeBootScriptHash } from '../../common/content-security-policy';

const page = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');
const inlineScripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

describe('the page and its content security policy', () => {
  it("let the page's one inline script, the theme boot, run by its sha256", () => {
    expect(inlineScripts).toHaveLength(1);
    const hash = createHash('sha256').update(inlineScripts[0]!).digest('base64');
    expect(themeBootScriptHash).toBe(`'sha256-${hash}'`);
  });

  it('name that hash, and no unsafe-inline, in the script sources of the header and of the page', () => {
    const scripts = (policy: string) =>
      policy
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))!
        .trim();
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(page)![1]!;
    for (const policy of [contentSecurityPolicy(), meta]) expect(scripts(policy)).toBe(`script-src 'self' ${themeBootScriptHash}`);
  });

  it('keep unsafe-inline for the development server only', () => {
    expect(contentSecurityPolicy({ inlineScripts: true })).toContain("script-src 'self' 'unsafe-inline'");
  });
});
