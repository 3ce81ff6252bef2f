import type { Page } from '@playwright/test';
import { chooseLocation, DEMO, expect, signIn, test } from './support/app-test.ts';
import { cafesToday } from './support/cafes-today.ts';

/*
 * The ops trackers. Ticks are made at the Courthouse Corner Kiosk (DT-03) on tasks that were not done yet and
 * unticked again at the end, and any the test had to undo first are ticked again, so the day's done count is what
 * it was; no other test reads task ticks.
 */

const KIOSK = /Courthouse Corner Kiosk/;

async function locationIdOf(page: Page, code: string): Promise<number> {
  const response = await page.request.get('/api/user/locations');
  const locations = (await response.json()) as { id: number; code: string }[];
  const found = locations.find((location) => location.code === code);
  if (!found) throw new Error(`${code} is not one of the user's locations`);
  return found.id;
}

async function cafeDay(page: Page, locationId: number) {
  const response = await page.request.get(`/api/cafe-ops?locationId=${locationId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    businessDate: string;
    tasks: { taskId: number; done: boolean; completedBy: { name: string } | null }[];
  };
}

async function serverTicks(page: Page, locationId: number) {
  const { tasks } = await cafeDay(page, locationId);
  return new Map(tasks.map((task) => [task.taskId, task]));
}

/** Ticks or unticks tasks of the café's day through the API, as the page's own saves do. */
async function setTicks(page: Page, locationId: number, date: string, taskIds: number[], done: boolean) {
  if (taskIds.length === 0) return;
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/cafe-ops/ticks', {
    headers: { origin },
    data: {
      locationId,
      date,
      ticks: taskIds.map((taskId) => ({ taskId, done, typedAt: new Date().toISOString() })),
    },
  });
  expect(response.status()).toBe(200);
}

test.describe('Cafe Ops Tracker on a 375 px phone', () => {
  test.use({
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
    // While the phone is offline the browser logs each save it could not send; that is the point here.
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch/],
  });

  test('a barista ticks tasks offline; the ticks are kept and reach the server when back online', async ({
    page,
    context,
  }) => {
    await signIn(page, 'staff');
    await chooseLocation(page, KIOSK);
    const kiosk = await locationIdOf(page, 'DT-03');
    // The demo's history ticks the day's tasks up to the time the chain was seeded: late in the kiosk's day
    // fewer than two may be left. Those ticks are undone first, and made again at the end.
    const day = await cafeDay(page, kiosk);
    const openBefore = day.tasks.filter((task) => !task.done).length;
    const reopened = day.tasks
      .filter((task) => task.done)
      .slice(0, Math.max(0, 2 - openBefore))
      .map((task) => task.taskId);
    await setTicks(page, kiosk, day.businessDate, reopened, false);
    await page.goto('/cafe-ops-tracker');
    await expect(page.getByRole('heading', { level: 1, name: 'Cafe Ops Tracker' })).toBeVisible();
    await expect(page.getByText('Courthouse Corner Kiosk · DT-03')).toBeVisible();

    const open = page.locator('[data-testid="ops-task"][data-done="false"]');
    await expect(open.first()).toBeVisible();
    expect(await open.count()).toBeGreaterThanOrEqual(2);
    const taskIds = [
      Number(await open.nth(0).getAttribute('data-task-id')),
      Number(await open.nth(1).getAttribute('data-task-id')),
    ];
    const rowOf = (taskId: number) => page.locator(`[data-testid="ops-task"][data-task-id="${taskId}"]`);
    // Nothing spills sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await context.setOffline(true);
    for (const taskId of taskIds) await rowOf(taskId).getByRole('checkbox').click();
    for (const taskId of taskIds) {
      await expect(rowOf(taskId).getByRole('checkbox')).toBeChecked();
      await expect(rowOf(taskId)).toContainText('Not saved yet');
    }
    await expect(page.getByTestId('ops-sync')).toHaveText(
      '2 ticks kept on this device, saved when the connection is back',
    );
    for (const taskId of taskIds) expect((await serverTicks(page, kiosk)).get(taskId)?.done).toBe(false);

    await context.setOffline(false);
    await expect(page.getByTestId('ops-sync')).toHaveText('All ticks saved');
    const saved = await serverTicks(page, kiosk);
    for (const taskId of taskIds) {
      expect(saved.get(taskId)).toMatchObject({ done: true, completedBy: { name: DEMO.staff.name } });
      await expect(rowOf(taskId)).toContainText(`Done by ${DEMO.staff.name} at`);
    }

    // Back as it was: the ticks undone, so the kiosk's day counts what it counted before.
    for (const taskId of taskIds) await rowOf(taskId).getByRole('checkbox').click();
    await expect(page.getByTestId('ops-sync')).toHaveText('All ticks saved');
    const undone = await serverTicks(page, kiosk);
    for (const taskId of taskIds) expect(undone.get(taskId)?.done).toBe(false);
    await setTicks(page, kiosk, day.businessDate, reopened, true);
  });
});

test.describe('Cafe Ops Tracker, an earlier day', () => {
  test("a manager is asked before taking yesterday's tick off; cancelled, it stays as it was", async ({
    page,
  }) => {
    await signIn(page, 'manager');
    // The café manager's own café: nothing is changed there (the tick is kept).
    await chooseLocation(page, /Market Hall Coffee Bar/);
    const cafe = await locationIdOf(page, 'DT-02');
    const today = await cafeDay(page, cafe);
    const yesterday = new Date(Date.parse(`${today.businessDate}T12:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const before = await page.request.get(`/api/cafe-ops?locationId=${cafe}&date=${yesterday}`);
    const tasks = ((await before.json()) as { tasks: { taskId: number; done: boolean }[] }).tasks;
    const done = tasks.find((task) => task.done);
    if (!done) throw new Error('The demo history has no task ticked yesterday at the cafe');

    await page.goto(`/cafe-ops-tracker?day=${yesterday}`);
    const row = page.locator(`[data-testid="ops-task"][data-task-id="${done.taskId}"]`);
    await expect(row.getByRole('checkbox')).toBeChecked();
    await row.getByRole('checkbox').click();
    const ask = page.getByRole('alertdialog', { name: /^Take the tick off / });
    await expect(ask).toContainText('Ticked again now, it counts as done late.');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByRole('checkbox')).toBeChecked();
    await expect(row.getByRole('checkbox')).toBeFocused();
    const after = await page.request.get(`/api/cafe-ops?locationId=${cafe}&date=${yesterday}`);
    expect(
      ((await after.json()) as { tasks: { taskId: number; done: boolean }[] }).tasks.find(
        (task) => task.taskId === done.taskId,
      )?.done,
    ).toBe(true);
  });
});

test.describe('District Ops Tracker', () => {
  test('a district manager sees only their district and follows a red cell to its fix', async ({ page }) => {
    await signIn(page, 'district', '/ops-tracker');
    await expect(page.getByRole('heading', { level: 1, name: 'District Ops Tracker' })).toBeVisible();
    const rows = page.getByTestId('ops-row');
    await expect(rows.first()).toBeVisible();
    expect(
      (await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-location-code')))).sort(),
    ).toEqual(['DT-01', 'DT-02', 'DT-03']);
    await expect(page.getByRole('columnheader', { name: 'Downtown' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Northside' })).toHaveCount(0);
    await expect(page.getByText('How each cell is coloured')).toBeVisible();

    // The export holds exactly the rows shown.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/^District,Café,Code,Business date,Inventory count,/);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[2])
        .sort(),
    ).toEqual(['DT-01', 'DT-02', 'DT-03']);

    // Awaiting approval opens Approvals narrowed to that café.
    await page
      .locator('[data-testid="ops-row"][data-location-code="DT-02"] [data-signal="approvals"]')
      .click();
    await expect(page).toHaveURL(/\/approvals\?location=\d+$/);
    await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toContainText(
      'Market Hall Coffee Bar',
    );
    await page.goBack();
    await expect(rows.first()).toBeVisible();

    // Before the demo's history (four weeks, and the four months of older counts before them): the day ended
    // with the nightly count missed, and before the checklist's tasks were made.
    const day = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
    // The live view names its day (decision 060): the cafés' own today (decision 126), not the browser's.
    const today = await cafesToday(page);
    await expect(page.getByLabel('Day shown', { exact: true })).toHaveValue(today);
    await page.getByLabel('Day shown', { exact: true }).fill(day);
    await expect(page.getByText(`${day} as it ended`)).toBeVisible();
    // The day is in the address: a reload shows it again.
    await expect(page).toHaveURL(new RegExp(`/ops-tracker\\?day=${day}$`));
    await page.reload();
    await expect(page.getByText(`${day} as it ended`)).toBeVisible();
    await expect(page.getByLabel('Day shown', { exact: true })).toHaveValue(day);
    // Choosing today again is the live view, not a day that ended, and its address names no day.
    await page.getByLabel('Day shown', { exact: true }).fill(today);
    await expect(page.getByText(/^Today · updated/)).toBeVisible();
    await expect(page).toHaveURL(/\/ops-tracker$/);
    await expect(page.getByRole('button', { name: 'Back to today' })).toHaveCount(0);
    // Back returns to the day chosen before.
    await page.goBack();
    await expect(page.getByText(`${day} as it ended`)).toBeVisible();
    const harbor = page.locator('[data-testid="ops-row"][data-location-code="DT-01"]');
    const tasks = harbor.locator('[data-signal="tasks"]');
    await expect(tasks).toHaveAttribute('data-rag', 'green');
    await expect(tasks).toContainText('No tasks');
    await expect(tasks).toHaveAttribute('title', `Open Cafe Ops Tracker on ${day}`);
    await expect(harbor.locator('[data-signal="pars"]')).toHaveAttribute(
      'title',
      'Open Set PARs as it is today (it shows no earlier day)',
    );
    await tasks.click();
    await expect(page).toHaveURL(new RegExp(`/cafe-ops-tracker\\?day=${day}$`));
    await expect(page.getByText('Harbor Street Café · DT-01')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Cafe Ops Tracker' })).toBeVisible();
    // The checklist of that day, not today's: five weeks back is only for looking at.
    await expect(page.getByText('This day is for looking back', { exact: false })).toBeVisible();
    await page.reload();
    await expect(page.getByText('This day is for looking back', { exact: false })).toBeVisible();

    await page.goBack();
    await expect(page.getByLabel('Day shown', { exact: true })).toHaveValue(day);
    const nightly = harbor.locator('[data-signal="nightly"]');
    await expect(nightly).toHaveAttribute('data-rag', 'red');
    await nightly.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nightly Counts' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Select Location' })).toContainText('Harbor Street Café');
    await expect(page.getByLabel('Day')).toHaveValue(day);
  });

  test('a day typed after today shows today, not a day the server refuses', async ({ page }) => {
    await signIn(page, 'district', '/ops-tracker');
    const dayShown = page.getByLabel('Day shown', { exact: true });
    await expect(page.getByText(/^Today · updated/)).toBeVisible();
    const today = await dayShown.inputValue();
    const earlier = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    for (const later of ['2030-01-01', '10000-01-01']) {
      await dayShown.fill(earlier);
      await expect(page.getByText(`${earlier} as it ended`)).toBeVisible();
      // `max` does not stop a typed day; the field goes back to today and the grid to its live view.
      await dayShown.fill(later);
      await expect(page.getByText(/^Today · updated/)).toBeVisible();
      await expect(dayShown).toHaveValue(today);
      await expect(page.getByRole('button', { name: 'Back to today' })).toHaveCount(0);
      await expect(page.getByText('The District Ops Tracker could not load')).toHaveCount(0);
      await expect(page.getByTestId('ops-row').first()).toBeVisible();
    }
  });
});
