/** What the server may believe about where a request came from; proxy headers only when trusted. */
export interface ProxyTrust {
  trustProxy: boolean;
}

function forwardedProto(request: Request): string | undefined {
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
}

export function isHttps(request: Request, trust: ProxyTrust): boolean {
  if (trust.trustProxy) {
    const proto = forwardedProto(request);
    if (proto) return proto === 'https';
  }
  // Read on every request for the session cookie's name: the URL's scheme without parsing the whole URL.
  return request.url.startsWith('https:');
}

/** The origin the browser used to reach this server, e.g. https://parstock.example.com. */
export function requestOrigin(request: Request, trust: ProxyTrust): string {
  const url = new URL(request.url);
  if (trust.trustProxy) url.protocol = isHttps(request, trust) ? 'https:' : 'http:';
  return url.origin;
}

/**
 * The client's address. Behind a trusted proxy it is the last X-Forwarded-For entry: the one our proxy
 * appended; earlier entries are whatever the client claimed.
 */
export function clientIp(request: Request, trust: ProxyTrust, socketIp: string | null): string | null {
  if (trust.trustProxy) {
    const entries = request.headers.get('x-forwarded-for')?.split(',') ?? [];
    const last = entries[entries.length - 1]?.trim();
    if (last) return last;
  }
  return socketIp;
}
