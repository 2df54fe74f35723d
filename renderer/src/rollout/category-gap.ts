/** Whether the chosen library can answer for a step's category, and which library could. */

/** How many rubrics one library has in the step's category. */
export interface LibraryCategoryCount {
  id: string;
  name: string;
  count: number;
}

/** The chosen library has no rubric in the category; `offer` is the library with the most, or null when none has any. */
export interface CategoryGap {
  category: string;
  offer: LibraryCategoryCount | null;
}

/**
 * The gap between the chosen library and the step's category, or null when the library has
 * rubrics there (or its count is not known yet). Ties go to the library listed first, the
 * order the library picker shows.
 */
export function categoryGap(category: string, chosen: string, counts: LibraryCategoryCount[]): CategoryGap | null {
  const mine = counts.find((c) => c.id === chosen);
  if (!mine || mine.count > 0) return null;
  let offer: LibraryCategoryCount | null = null;
  for (const c of counts) if (c.id !== chosen && c.count > 0 && (offer === null || c.count > offer.count)) offer = c;
  return { category, offer };
}
