import { afterEach, describe, expect, it } from 'vitest';
import { firstRolloutsPage, firstRowsElementId } from '../../../common/corpus/first-rollouts-page';
import { pageFirstRowsMaxAgeMs, takePageFirstRows } from './page-first-rows';

const answer = { total: 1, rows: [{ id: 'r-1' }] };

/** A page as serve writes it, reduced to what the store reads: the element by its id, until it is removed. */
function servePage(text: string): void {
  let present = true;
  const element = {
    textContent: text,
    remove: () => {
      present = false;
    },
  };
  Object.assign(globalThis, { document: { getElementById: (id: string) => (present && id === firstRowsElementId ? element : null) } });
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'document');
});

describe('takePageFirstRows', () => {
  it("gives the page's rows to the first rows' request once", () => {
    servePage(JSON.stringify(answer));
    expect(takePageFirstRows({ ...firstRolloutsPage }, 50)).toEqual(answer);
    expect(takePageFirstRows({ ...firstRolloutsPage }, 60)).toBeUndefined();
  });

  it('keeps them from any other request: a filter, another sort, another page', () => {
    servePage(JSON.stringify(answer));
    expect(takePageFirstRows({ ...firstRolloutsPage, agent: 'a' }, 50)).toBeUndefined();
    expect(takePageFirstRows({ ...firstRolloutsPage, direction: 'desc' }, 50)).toBeUndefined();
    expect(takePageFirstRows({ ...firstRolloutsPage, offset: 200 }, 50)).toBeUndefined();
    expect(takePageFirstRows({ ...firstRolloutsPage }, 50)).toEqual(answer);
  });

  it('drops rows asked for too long after the page opened, or not rows at all', () => {
    servePage(JSON.stringify(answer));
    expect(takePageFirstRows({ ...firstRolloutsPage }, pageFirstRowsMaxAgeMs + 1)).toBeUndefined();
    expect(takePageFirstRows({ ...firstRolloutsPage }, 50)).toBeUndefined();
    servePage('{"total":"1"}');
    expect(takePageFirstRows({ ...firstRolloutsPage }, 50)).toBeUndefined();
    servePage('not json');
    expect(takePageFirstRows({ ...firstRolloutsPage }, 50)).toBeUndefined();
  });
});
