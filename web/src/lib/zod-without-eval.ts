import { config } from 'zod';

/*
 * Zod tries `new Function('')` once to see whether it may compile fast object parsers. The page's policy forbids
 * eval (`script-src 'self'`), so the try always fails, and the browser reports it as a policy violation on every
 * start. Zod is told up front instead, and uses the parsers it falls back to when the try fails. Imported first by
 * `main.tsx`, so it runs before any schema is built; every browser test fails on a refusal should it run later.
 */
config({ jitless: true });
