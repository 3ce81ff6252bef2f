import { describe, expect, test } from 'bun:test';
import type { SeedSummary } from '@db/seed/demo.ts';
import type { UserSummary } from '@engine/user-admin-schemas.ts';
import { render } from 'ink-testing-library';
import { MigrationResult } from './migration-result.tsx';
import { SeedSummaryView } from './seed-summary-view.tsx';
import { UserCreated } from './user-created.tsx';
import { UsersTable } from './users-table.tsx';

const user = (overrides: Partial<UserSummary>): UserSummary => ({
  id: 1,
  email: 'nora.quinn@example.com',
  firstName: 'Nora',
  lastName: 'Quinn',
  role: 'cafe_manager',
  active: true,
  mustChangePassword: false,
  locationCodes: ['DT-01', 'DT-02'],
  districtNames: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  lastLoginAt: null,
  ...overrides,
});

describe('MigrationResult', () => {
  test('says the database is up to date when nothing ran', () => {
    const { frames } = render(<MigrationResult database="embedded database in .data/pglite" applied={[]} />);
    expect(frames.at(-1)).toBe('✔ Database is up to date (embedded database in .data/pglite)');
  });

  test('lists each migration it applied', () => {
    const { frames } = render(
      <MigrationResult database="db" applied={['0001_domain', '0002_reference_data']} />,
    );
    expect(frames.at(-1)?.split('\n')).toEqual([
      '✔ Applied 2 migrations (db)',
      ' 0001_domain',
      ' 0002_reference_data',
    ]);
  });
});

describe('SeedSummaryView', () => {
  test('shows the counts right-aligned and how to sign in', () => {
    const summary: SeedSummary = {
      districts: 2,
      locations: 6,
      users: 11,
      categories: 9,
      products: 179,
      locationProducts: 1050,
      countSessions: 52,
      countItems: 7965,
      countCompletions: 46,
      nightlyCounts: 161,
      nightlyCountItems: 1932,
      orders: 46,
      orderLines: 3822,
      orderEvents: 171,
      tasks: 8,
      taskCompletions: 704,
    };
    const { frames } = render(
      <SeedSummaryView
        database="db"
        summary={summary}
        signIns={[{ email: 'manager@parstock.test', role: 'cafe_manager' }]}
        password="parstock-demo"
      />,
    );
    const lines = frames.at(-1)?.split('\n') ?? [];
    expect(lines[0]).toBe('✔ Seeded the demo café chain (db)');
    expect(lines).toContain('     2 districts');
    expect(lines).toContain('   179 products');
    expect(lines).toContain('  7965 counted items');
    expect(lines).toContain('Sign in with password parstock-demo as:');
    expect(lines).toContain('  manager@parstock.test (cafe_manager)');
  });
});

describe('UserCreated', () => {
  test('prints the one-time password once with the places the user got', () => {
    const { frames } = render(
      <UserCreated user={user({ districtNames: ['Downtown'] })} oneTimePassword="k7Qm-Xa3p-Wn9e-T4rc" />,
    );
    expect(frames.at(-1)?.split('\n')).toEqual([
      '✔ Added nora.quinn@example.com as cafe_manager (DT-01, DT-02, Downtown district)',
      'One-time password: k7Qm-Xa3p-Wn9e-T4rc',
      'It is shown only now; the user must choose a new one at first sign-in.',
    ]);
  });
});

describe('UsersTable', () => {
  test('lines up columns, marks missing values and states', () => {
    const { frames } = render(
      <UsersTable
        users={[
          user({}),
          user({
            id: 2,
            email: 'leo@example.com',
            firstName: 'Leo',
            lastName: 'Castillo',
            role: 'staff',
            locationCodes: [],
            mustChangePassword: true,
          }),
        ]}
      />,
    );
    expect(frames.at(-1)?.split('\n')).toEqual([
      'Email                   Name          Role          Locations     Districts  Status',
      'nora.quinn@example.com  Nora Quinn    cafe_manager  DT-01, DT-02  —          active',
      'leo@example.com         Leo Castillo  staff         —             —          must change password',
      '2 users',
    ]);
  });

  test('keeps a row wider than the terminal on one line', () => {
    const wide = user({
      email: `${'very.long.name.'.repeat(5)}@example.com`,
      locationCodes: ['DT-01', 'DT-02', 'DT-03'],
    });
    const { frames } = render(<UsersTable users={[wide]} />);
    const lines = frames.at(-1)?.split('\n') ?? [];
    expect(lines).toHaveLength(3);
    expect(lines[1]?.length).toBeGreaterThan(100);
  });

  test('says how to add the first user when there is none', () => {
    const { frames } = render(<UsersTable users={[]} />);
    expect(frames.at(-1)).toBe('No users yet. Add one with: parstock users add --email … --role …');
  });
});
