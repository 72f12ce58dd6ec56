import type { NextConfig } from 'next';

/**
 * PGlite (WASM + data files), pg, ioredis and pino are loaded by Node at run time rather than
 * bundled: PGlite reads its own assets from its package folder, and the others have optional
 * native/worker pieces that bundlers mangle. pdfkit loads its standard-font metrics with a
 * runtime `require` of its own subpath imports, which a bundle would not carry.
 */
const nextConfig: NextConfig = {
  serverExternalPackages: ['@electric-sql/pglite', '@electric-sql/pglite-socket', 'pg', 'ioredis', 'pino', 'ajv', 'ajv-formats', 'bullmq', '@modelcontextprotocol/sdk', 'pdfkit'],
  typedRoutes: false,
  // Type-checking is its own suite in `npm test` (tsc --noEmit over the whole repo, tests and
  // CLI included); repeating a partial check inside every build only slows starts down.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
};

export default nextConfig;
