import { describe, expect, it } from 'vitest';
import { themeChoiceOf, withThemeChoice } from './themed-page';

describe('the page served with the corpus theme', () => {
  it('writes the choice into the html element, keeping its other attributes', () => {
    expect(withThemeChoice('<!doctype html>\n<html lang="en">\n<head></head></html>', 'dark')).toBe(
      '<!doctype html>\n<html data-theme-choice="dark" lang="en">\n<head></head></html>',
    );
    expect(withThemeChoice('<html><body></body></html>', 'system')).toBe('<html data-theme-choice="system"><body></body></html>');
  });

  it('leaves a page without an html element as it is', () => {
    expect(withThemeChoice('<p>no html</p>', 'light')).toBe('<p>no html</p>');
  });

  it("reads the choice from settings.get's answer, and nothing from one without a known choice", () => {
    expect(themeChoiceOf({ theme: 'dark', annotator: 'ana' })).toBe('dark');
    expect(themeChoiceOf({ theme: 'sepia' })).toBeUndefined();
    expect(themeChoiceOf(null)).toBeUndefined();
  });
});
