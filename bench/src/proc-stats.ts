/** What Linux's /proc says of a process the bench can see: its memory and the CPU time it has used. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** `VmRSS` (resident set) of a process, KB; 0 when it is gone. */
export function rssKb(pid: number): number {
  return statusKb(pid).rss;
}

/** Resident memory of a process, KB: all of it and the anonymous part (heaps, not mapped files). */
export function statusKb(pid: number): { rss: number; anon: number } {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return { rss: 0, anon: 0 };
  }
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), anon: field('RssAnon') };
}

/**
 * Proportional set size of a process, KB: its private pages plus its share of pages it shares with others
 * (libraries, copy-on-write after fork), so the PSS of many processes adds up to what they really hold.
 */
export function pssKb(pid: number): number {
  try {
    return Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time a process (all its threads) has used so far, user + system, ms. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name in parentheses may hold spaces: count the fields after its closing parenthesis, where
  // the third field (state) comes first; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}
