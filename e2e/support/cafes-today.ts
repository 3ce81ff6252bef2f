import type { Page } from '@playwright/test';

/**
 * The signed-in person's "today" as the Navigator and the trackers reckon it: the latest of their cafés' own days
 * (decision 126), not the browser's. Between midnight UTC and a New York café's midnight the two differ by a day.
 * `offsetDays` counts from it (-27: the first day of a four-week range ending today).
 */
export async function cafesToday(page: Page, offsetDays = 0): Promise<string> {
  const cafes = (await (await page.request.get('/api/user/locations')).json()) as { timezone: string }[];
  const now = new Date();
  const days = cafes
    .map((cafe) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: cafe.timezone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(now),
    )
    .sort();
  const today = new Date(`${days.at(-1)}T00:00:00Z`);
  return new Date(today.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
