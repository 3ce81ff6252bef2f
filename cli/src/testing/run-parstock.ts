import { join, resolve } from 'node:path';

/** The repository's root, where the `bun` of node_modules and the CLI's entry are. */
export const ROOT = resolve(import.meta.dir, '..', '..', '..');

/**
 * Runs `parstock` as cron and an operator do: a real process without a terminal, on the embedded database unless
 * `env` names a PostgreSQL. `env` adds to (or empties) the test's own environment.
 */
export async function runParstock(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  const child = Bun.spawn([join(ROOT, 'node_modules/.bin/bun'), join(ROOT, 'cli/src/main.ts'), ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, DATABASE_URL: '', CI: 'true', ...options.env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { stdout, stderr, exitCode };
}
