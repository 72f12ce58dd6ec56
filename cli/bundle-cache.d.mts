/** Types of cli/bundle-cache.mjs (plain JavaScript: it runs before tsx can load TypeScript). */
export function isFresh(stampFile: string, root: string): boolean;
export function buildBundle(root: string, entry: string, out: string): Promise<boolean>;
export function importCached(root: string, entry: string, out: string): Promise<boolean>;
