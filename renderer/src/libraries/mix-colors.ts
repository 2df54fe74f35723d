/**
 * The two series of the mix chart, from the Okabe-Ito palette: blue and orange stay apart
 * for the common colour-vision deficiencies and in greyscale print (theme.css, per theme).
 */
export const mixColors = { library: 'var(--mix-library)', pool: 'var(--mix-pool)' } as const;
