import { afterEach, beforeEach, expect, jest, test } from 'bun:test';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { advanceTime } from '@web-test/timers.ts';
import { routePending } from '../router.tsx';

function Screen() {
  return <p>The screen</p>;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a screen whose chunk comes after the spinner has shown is drawn as soon as it comes, with no minimum wait', async () => {
  let arrive: () => void = () => undefined;
  const chunk = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const root = createRootRoute({ component: () => <Outlet /> });
  const screenRoute = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: lazyRouteComponent(async () => {
      await chunk;
      return { Screen };
    }, 'Screen'),
  });
  const router = createRouter({
    routeTree: root.addChildren([screenRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    ...routePending,
  });
  render(<RouterProvider router={router} />);

  await advanceTime(0);
  expect(screen.queryByText('Loading page')).toBeNull();
  await advanceTime(200);
  expect(screen.getByText('Loading page')).toBeTruthy();

  // The chunk comes: the screen is drawn at once. A minimum time on screen held it back for that long, and at a
  // start the router counted the spinner as shown while the landing page was what the person saw (decision 079).
  arrive();
  await advanceTime(0);
  expect(screen.getByText('The screen')).toBeTruthy();
});
