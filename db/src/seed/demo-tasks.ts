import type { RoleKey } from '@engine/permissions.ts';

export interface DemoTask {
  title: string;
  cadence: 'daily' | 'weekly';
  /** 0 = Sunday … 6 = Saturday; weekly tasks only. */
  weekday: number | null;
  /** Local time of day, 'HH:MM'. */
  dueTime: string;
  role: RoleKey;
}

export const DEMO_TASKS: readonly DemoTask[] = [
  { title: 'Calibrate grinders', cadence: 'daily', weekday: null, dueTime: '07:00', role: 'staff' },
  { title: 'Log fridge temperatures', cadence: 'daily', weekday: null, dueTime: '10:00', role: 'staff' },
  {
    title: 'Sanitize steam wands and pitchers',
    cadence: 'daily',
    weekday: null,
    dueTime: '15:00',
    role: 'staff',
  },
  { title: 'Clean espresso machine', cadence: 'daily', weekday: null, dueTime: '20:30', role: 'staff' },
  { title: 'Deep clean fridges', cadence: 'weekly', weekday: 1, dueTime: '16:00', role: 'staff' },
  { title: 'Descale batch brewer', cadence: 'weekly', weekday: 3, dueTime: '16:00', role: 'staff' },
  { title: 'Review waste log', cadence: 'weekly', weekday: 5, dueTime: '17:00', role: 'cafe_manager' },
  { title: 'Clean ice machine', cadence: 'weekly', weekday: 6, dueTime: '18:00', role: 'staff' },
];
