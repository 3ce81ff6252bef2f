/**
 * Keeps a post-sign-in destination only when it is a path on this site; anything else ("//evil.example",
 * "https://…", "/\\evil") would turn the sign-in link into an open redirect.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, 'http://parstock.invalid');
    return url.origin === 'http://parstock.invalid' ? value : null;
  } catch {
    return null;
  }
}
