import { Elysia } from 'elysia';
const app = new Elysia()
  .post('/login', ({ cookie: { sid } }) => { sid.set({ value: 'abc_-x', httpOnly: true, sameSite: 'lax', path: '/', secure: true, maxAge: 100 }); return { ok: 1 }; })
  .post('/logout', ({ cookie: { sid }, set }) => { sid.remove(); set.status = 204; })
  .get('/redir', ({ redirect }) => redirect('/sign-in?returnTo=%2Fx', 302))
  .get('/api/*', () => 'api-nf')
  .get('/*', () => 'spa');
for (const [m, p] of [['POST', '/login'], ['POST', '/logout'], ['GET', '/redir'], ['GET', '/api/x/y'], ['GET', '/x'], ['GET', '/api']]) {
  const res = await app.handle(new Request(`http://localhost${p}`, { method: m, headers: { cookie: 'sid=old' } }));
  console.log(m, p, res.status, [...res.headers.entries()], await res.text());
}
