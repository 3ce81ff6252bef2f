import type { SquareMode } from '@engine/square-schemas.ts';
import { FakeSquareServer } from './fake/fake-square-server.ts';
import { createSquareGateway, type SquareGateway } from './square-gateway.ts';
import { SecretValue, type SquareSettings } from './square-settings.ts';

/**
 * Square as this server reaches it. Two gateways over the same account: screens get a short timeout and
 * no retries inside the request (the screen retries with backoff and nobody waits on Square to count);
 * an administrator's sync and test wait longer and let the SDK retry 429 and 5xx as Square asks.
 */
export interface SquareConnection {
  mode: SquareMode;
  label: string;
  admin: SquareGateway | null;
  screen: SquareGateway | null;
  /** The Square demo simulator when it runs in this process (the embedded demo). */
  simulator: FakeSquareServer | null;
  stop(): Promise<void>;
}

export const SCREEN_TIMEOUT_MS = 4000;
export const ADMIN_TIMEOUT_MS = 15000;

export const SQUARE_NOT_CONNECTED: SquareConnection = {
  mode: 'not_configured',
  label: 'Square is not connected',
  admin: null,
  screen: null,
  simulator: null,
  stop: async () => {},
};

function labelOf(settings: Extract<SquareSettings, { mode: 'account' }>): string {
  if (!settings.baseUrl) return `Square (${settings.environment})`;
  return `Square at ${new URL(settings.baseUrl).host}`;
}

export interface OpenSquareOptions {
  screenTimeoutMs?: number;
  adminTimeoutMs?: number;
}

/** Opens the connection the settings describe; in demo mode, starts the simulator on a free local port. */
export function openSquareConnection(
  settings: SquareSettings,
  options: OpenSquareOptions = {},
): SquareConnection {
  if (settings.mode === 'off') return SQUARE_NOT_CONNECTED;
  let simulator: FakeSquareServer | null = null;
  let account: { token: SecretValue; environment: 'sandbox' | 'production'; baseUrl?: string };
  if (settings.mode === 'demo') {
    // A fresh token per start: the simulator listens on localhost only, and nothing else should talk to it.
    const token = new SecretValue(crypto.randomUUID());
    simulator = new FakeSquareServer({ token: token.reveal() });
    account = { token, environment: 'sandbox', baseUrl: simulator.url };
  } else {
    account = { token: settings.token, environment: settings.environment, baseUrl: settings.baseUrl };
  }
  const running = simulator;
  return {
    mode: settings.mode === 'demo' ? 'simulator' : 'connected',
    label: settings.mode === 'demo' ? 'Square demo simulator' : labelOf(settings),
    admin: createSquareGateway({
      ...account,
      timeoutMs: options.adminTimeoutMs ?? ADMIN_TIMEOUT_MS,
      maxRetries: 2,
    }),
    screen: createSquareGateway({
      ...account,
      timeoutMs: options.screenTimeoutMs ?? SCREEN_TIMEOUT_MS,
      maxRetries: 0,
    }),
    simulator,
    stop: async () => {
      await running?.stop();
    },
  };
}
