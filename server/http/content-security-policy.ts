/**
 * The console pages' Content-Security-Policy, made per request by proxy.ts with a fresh nonce
 * (Next.js reads the nonce back from the request's CSP header and puts it on its own scripts).
 * A pure module (no Node APIs): proxy.ts may run on any runtime.
 *
 * - script-src: only scripts carrying this response's nonce, and what they load ('strict-dynamic':
 *   Next's chunks); no inline handlers, no eval. The dev server's React Refresh needs eval.
 * - style-src 'unsafe-inline': the server renders React `style` attributes (@xyflow positions
 *   every node and edge that way) and CodeMirror injects its theme as <style> elements; nonces
 *   cannot cover attributes. Styles cannot run code, so script-src is what guards against XSS.
 * - worker-src 'self' blob: the workflow editor lays graphs out with ELK in a Web Worker.
 * - connect-src 'self': tRPC, the chat and run event streams are all same-origin (and the dev
 *   server's hot-reload socket).
 * - frame-ancestors 'none' (with X-Frame-Options: DENY from next.config.ts): no clickjacking.
 * - form-action 'self', base-uri 'none', object-src 'none': no form posting elsewhere, no <base>
 *   hijacking of relative URLs, no plugins.
 */
export function contentSecurityPolicy(nonce: string, opts: { dev: boolean }): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(opts.dev ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(opts.dev ? ['ws:', 'wss:'] : [])],
    'worker-src': ["'self'", 'blob:'],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** A nonce of 128 random bits, base64 (Web Crypto, so any runtime). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
