/**
 * The row of a query that always yields one (an aggregate without GROUP BY, or a row the caller
 * knows is there): better-sqlite3 types every `get` as possibly empty, and this says where the
 * certainty comes from instead of casting it away.
 */
export function oneRow<Row>(row: Row | undefined): Row {
  if (row === undefined) throw new Error('a query that always yields a row yielded none');
  return row;
}
