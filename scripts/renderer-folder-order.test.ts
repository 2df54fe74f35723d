/** The renderer's folder order is an ESLint rule (eslint.config.js): these imports are what it must refuse and allow. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The folder-order messages ESLint gives `source` as the file `file` of renderer/src. */
async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath: `renderer/src/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('renderer folder order', () => {
  it('refuses an import of a folder above', async () => {
    expect(await refusals('lib/x.ts', "import { useCorpusStore as imported } from '../corpus/corpus-store';")).toHaveLength(1);
    expect(await refusals('components/x.tsx', "import { useTaxonomyStore as imported } from '../rubrics';")).toHaveLength(1);
    // Domains are ordered too, so two domains never import each other.
    expect(await refusals('rubrics/x.ts', "import { RerunButton as imported } from '../runs';")).toHaveLength(1);
  });

  it("lets a domain reach a lower domain through its index only, and any layer's files", async () => {
    expect(await refusals('corpus/x.ts', "import { ImportButton as imported } from '../import/import-button';")).toHaveLength(1);
    expect(await refusals('corpus/x.ts', "import { ImportButton as imported } from '../import';")).toEqual([]);
    expect(await refusals('corpus/x.ts', "import { pageFetcher as imported } from '../lib/paged-rows';")).toEqual([]);
  });
});
