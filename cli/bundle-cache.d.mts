/** Types of cli/bundle-cache.mjs (plain JavaScript: it runs before tsx can load TypeScript). */
export function freshBuild(cacheDir: string, root: string): string | null;
export function build(root: string, entry: string, cacheDir: string): Promise<string | null>;
export function importCached(root: string, entry: string, cacheDir: string): Promise<boolean>;
export function entryOutput(outputs: Record<string, { entryPoint?: string }>, entry: string): string | undefined;
