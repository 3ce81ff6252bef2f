// Scripts only from our own origin; inline styles are allowed because Radix positions popovers with
// style attributes. Images may come from https (profile pictures) and data: URLs (inline icons).
// 'wasm-unsafe-eval' lets the barcode reader compile its WebAssembly (served from our origin, decision 036);
// it allows no JavaScript eval.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * Sent only on answers that came over HTTPS (directly or via a trusted proxy): a browser ignores it over
 * plain HTTP, and sending it from a plain-HTTP trial install would pin nothing useful. A year, and every
 * subdomain, as the HSTS preload rules ask; `preload` itself is the operator's choice, not ours.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** API answers are per user and change with every write: never store them in any cache. */
export const API_CACHE_CONTROL = 'no-store';

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}
