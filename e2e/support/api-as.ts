import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, type DemoRole, expect, test } from './app-test.ts';

export function baseUrl(): string {
  return test.info().project.use.baseURL as string;
}

/** A signed-in API client of its own, for setting up what a test needs without touching the page's session. */
export async function apiAs(
  playwright: PlaywrightWorkerArgs['playwright'],
  who: DemoRole | { email: string },
): Promise<APIRequestContext> {
  const origin = new URL(baseUrl()).origin;
  const api = await playwright.request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { origin } });
  const email = typeof who === 'string' ? DEMO[who].email : who.email;
  const response = await api.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

/** An answer's body, once its status is the one expected (the body is the message when it is not). */
export async function answerJson(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  status = 200,
): Promise<unknown> {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

/** Market Hall Coffee Bar's id, where the ordering tests set up their carts and orders. */
export async function marketHallId(api: APIRequestContext): Promise<number> {
  const locations = (await answerJson(await api.get('/api/user/locations'))) as {
    id: number;
    code: string;
  }[];
  const found = locations.find((location) => location.code === 'DT-02');
  if (!found) throw new Error('The demo seed has no DT-02 for this user');
  return found.id;
}
