/**
 * The two series of the mix chart, from the Okabe-Ito palette: blue and orange stay apart
 * for the common colour-vision deficiencies and in greyscale print.
 */
export const mixColors = { library: '#0072B2', pool: '#E69F00' } as const;
