/** True when `out/` in the checkout at `root` (this one by default) is missing an output or older than any of its sources. */
export function buildIsStale(root?: string): boolean;
