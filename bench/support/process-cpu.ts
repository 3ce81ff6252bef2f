import { readdirSync, readFileSync } from 'node:fs';

/* CPU time of processes on this machine, read from /proc (Linux), for the benches' per-process figures. */

const CLOCK_TICKS = 100;

/** CPU seconds a process has used (user + system), from /proc. */
export function cpuSeconds(pid: number | 'self'): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Busy CPU seconds of the whole machine (every process, every core), from /proc/stat. */
export function machineBusySeconds(): number {
  const cpu =
    readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
  return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
}

/** CPU seconds used so far by every PostgreSQL process this machine shows (pid → seconds). */
export function postgresCpu(): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      used.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // Gone meanwhile.
    }
  }
  return used;
}

/** What the PostgreSQL processes used between two readings (new ones from zero; ended ones are lost). */
export function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}
