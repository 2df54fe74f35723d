/** Agreement between annotators as the API returns it. Plain data only: it crosses process boundaries as JSON. */

/** Agreement between annotators under one label schema (docs/definitions.md). */
export type AgreementReport = {
  schema: string;
  annotators: string[];
  /** Items labelled by both annotators (kappa) or by at least two (alpha). */
  items: number;
  /** Observed and chance agreement behind the coefficient. */
  observed: number;
  expected: number;
  /** Why the coefficient is null (no shared items, or chance agreement of 1), in words; null when it is a number. */
  undefinedBecause: string | null;
} & ({ method: 'kappa'; kappa: number | null; confusion: { values: string[]; counts: number[][] } } | { method: 'alpha'; alpha: number | null });
