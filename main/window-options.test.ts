import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mainWindowOptions, themeBackgrounds, windowBackground } from './window-options';

/** `--bg` of the theme.css block that starts with `selector`. */
function cssBackground(css: string, selector: string): string | undefined {
  const block = css.slice(css.indexOf(selector));
  return /--bg:\s*(#[0-9a-f]{6});/i.exec(block)?.[1];
}

describe('the main window before its first paint', () => {
  it("takes the corpus's theme, and the system's when the corpus follows the system", () => {
    expect(windowBackground('dark', false)).toBe(themeBackgrounds.dark);
    expect(windowBackground('light', true)).toBe(themeBackgrounds.light);
    expect(windowBackground('system', true)).toBe(themeBackgrounds.dark);
    expect(windowBackground('system', false)).toBe(themeBackgrounds.light);
  });

  it("paints each theme's page background, as theme.css has it", () => {
    const css = readFileSync(join(__dirname, '..', 'renderer', 'src', 'styles', 'theme.css'), 'utf8');
    expect(cssBackground(css, ':root {')).toBe(themeBackgrounds.light);
    expect(cssBackground(css, ":root[data-theme='dark'] {")).toBe(themeBackgrounds.dark);
  });

  it('stays hidden until ready, on the given background, sandboxed and isolated', () => {
    const options = mainWindowOptions('/app/preload.js', '#121519');
    expect(options).toMatchObject({ show: false, backgroundColor: '#121519' });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/preload.js',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webviewTag: false,
    });
  });
});
