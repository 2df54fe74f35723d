/**
 * The formats `import.files` reads. A module of its own, without zod, so the Corpus screen's
 * Import dialog lists them without loading the contract's schemas before the first paint.
 */
export const importFormats = ['auto', 'bundle', 'aide', 'swe-agent', 'openhands', 'mini-swe-agent', 'inspect'] as const;
