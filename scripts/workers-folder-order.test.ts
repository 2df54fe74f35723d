/** The core's folder order and the ban on app code importing scripts/ are ESLint rules (eslint.config.js): these imports are what they must refuse and allow. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The import refusals ESLint gives `source` as the file `file` of the checkout. */
async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('workers/ folder order', () => {
  it('refuses an import of a folder above, so no two folders import each other', async () => {
    expect(await refusals('workers/util/x.ts', "import { openCorpus as imported } from '../db/open-corpus';")).toHaveLength(1);
    expect(await refusals('workers/rubrics/x.ts', "import { runRetrieval as imported } from '../retrieval/run-retrieval';")).toHaveLength(1);
    expect(await refusals('workers/import/x.ts', "import { listSchemas as imported } from '../labels/handlers';")).toHaveLength(1);
    expect(await refusals('workers/judge/x.ts', "import { runRow as imported } from '../pipeline/run-store';")).toHaveLength(1);
    // A file in a subfolder is held to its domain's place, and no domain imports core/.
    expect(await refusals('workers/runs/runners/x.ts', "import { Core as imported } from '../../core/core';")).toHaveLength(1);
  });

  it('lets a folder import the folders below it, and tests import anything to drive the whole core', async () => {
    expect(await refusals('workers/retrieval/x.ts', "import { requireLibrary as imported } from '../rubrics/library-queries';")).toEqual([]);
    expect(await refusals('workers/pipeline/x.ts', "import { listVerdicts as imported } from '../judge/verdict-store';")).toEqual([]);
    expect(await refusals('workers/runs/runners/x.ts', "import { written as imported } from '../../context/written';")).toEqual([]);
    expect(await refusals('workers/labels/x.test.ts', "import { Core as imported } from '../core/core';")).toEqual([]);
  });
});

describe('no app code imports scripts/', () => {
  it('refuses it in every layer, test helpers included', async () => {
    expect(await refusals('workers/import/x.ts', "import { taxonomyRecord as imported } from '../../scripts/sample-corpus/taxonomy';")).toHaveLength(1);
    expect(await refusals('workers/test-support/x.ts', "import { generateCorpus as imported } from '../../scripts/gen-corpus';")).toHaveLength(1);
    expect(await refusals('common/x.ts', "import { generateCorpus as imported } from '../scripts/gen-corpus';")).toHaveLength(1);
    expect(await refusals('main/x.ts', "import { generateCorpus as imported } from '../scripts/gen-corpus';")).toHaveLength(1);
    expect(await refusals('renderer/src/lib/x.ts', "import { generateCorpus as imported } from '../../../scripts/gen-corpus';")).toHaveLength(1);
  });

  it('lets a test use the corpus generator', async () => {
    expect(await refusals('workers/import/x.test.ts', "import { generateCorpus as imported } from '../../scripts/gen-corpus';")).toEqual([]);
  });
});
