import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';

/**
 * What GET /api/logout shows: a button, not a deed. A link or an image on another site can make a browser
 * GET this page, but only a same-origin form post (the Origin check refuses others) ends the session. A
 * plain form needs no script, which the CSP would refuse inline anyway; `form-action 'self'` allows it.
 */
export const SIGN_OUT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out · Parstock</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#1f2937;margin:0;min-height:100vh;display:grid;place-items:center;background:#f9fafb}
main{background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:2rem;max-width:22rem;margin:1rem;text-align:center}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 1.5rem;color:#4b5563}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:0 1.5rem;border:0;border-radius:.5rem;background:#111827;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
a{display:inline-block;margin-top:1rem;color:#2563eb}
</style></head><body>
<main>
<h1>Sign out of Parstock?</h1>
<p>You will need your email and password to sign in again.</p>
<form method="post" action="${sessionEndpoints.signOut.path}"><button type="submit">Sign out</button></form>
<a href="/">Stay signed in</a>
</main>
</body></html>`;
