import type { NextConfig } from 'next';

/**
 * Security headers on every response, API routes and static files included. Pages also get a
 * per-request Content-Security-Policy with a script nonce from proxy.ts (which does not run for
 * /api); API responses get one that allows nothing, so a JSON or CSV response opened as a
 * document runs nothing either. Never both on one response: browsers would enforce each.
 */
const SECURITY_HEADERS = [
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'same-origin' },
];
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * PGlite (WASM + data files), pg, ioredis and pino are loaded by Node at run time rather than
 * bundled: PGlite reads its own assets from its package folder, and the others have optional
 * native/worker pieces that bundlers mangle. pdfkit loads its standard-font metrics with a
 * runtime `require` of its own subpath imports, which a bundle would not carry.
 */
const nextConfig: NextConfig = {
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-socket',
    'pg',
    'ioredis',
    'pino',
    'ajv',
    'ajv-formats',
    'bullmq',
    '@modelcontextprotocol/sdk',
    'pdfkit',
  ],
  typedRoutes: false,
  // Type-checking is its own suite in `npm test` (tsc --noEmit over the whole repo, tests and
  // CLI included); repeating a partial check inside every build only slows starts down.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CSP }] },
    ];
  },
};

export default nextConfig;
