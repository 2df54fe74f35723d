/**
 * The header's failure count in the terms of the rows it opens: failed steps in the step
 * list, plus causes found at grading (no step), so "5" never stands beside 4 red steps unexplained.
 */
export function failureCountText(total: number, atGrading: number): string {
  if (atGrading === 0) return String(total);
  const steps = total - atGrading;
  return `${total}: ${steps} failed ${steps === 1 ? 'step' : 'steps'} + ${atGrading} at grading`;
}
