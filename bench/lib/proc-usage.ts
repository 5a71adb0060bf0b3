import { readFileSync } from 'node:fs';

/** Resident set size now and its peak so far (VmRSS, VmHWM) of a Linux process, in bytes. */
export function readMemory(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every `intervalMs` until stopped; answers the largest sample. */
export function sampleRss(pid: number, intervalMs = 100) {
  let max = 0;
  const take = () => {
    max = Math.max(max, readMemory(pid)?.rss ?? 0);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop(): number {
      clearInterval(timer);
      take();
      return max;
    },
  };
}

/** Linux's USER_HZ: /proc reports CPU times in these ticks on every mainstream architecture. */
const ticksPerSecond = 100;

/** CPU time (user + system, all threads) a process has used so far, in milliseconds. */
export function readCpuMs(pid: number): number {
  const { user, system } = readCpuTimesMs(pid);
  return user + system;
}

/** The user and system (kernel: socket writes and reads) parts of a process's CPU time so far, in milliseconds. */
export function readCpuTimesMs(pid: number): { user: number; system: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: (Number(fields[11]) * 1000) / ticksPerSecond, system: (Number(fields[12]) * 1000) / ticksPerSecond };
  } catch {
    return { user: Number.NaN, system: Number.NaN };
  }
}
