import { readFileSync } from 'node:fs';

// What `STMT_REPORT_MAX_RSS` prints for the benchmarks and the fuzz test (scripts/bench-stmt.mjs).

/** A field of /proc/self/status in KiB; undefined where Linux does not tell it. */
function statusKib(field: string): number | undefined {
  try {
    const value = new RegExp(`^${field}:\\s*(\\d+)`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return value === undefined ? undefined : Number(value);
  } catch {
    return undefined;
  }
}

/**
 * This process's peak RSS in KiB. On Linux `VmHWM`: `getrusage`'s maxrss survives `exec`, so a
 * process started by a large one (a test runner) would report its parent's peak as its own.
 */
export function peakRssKib(): number {
  return statusKib('VmHWM') ?? process.resourceUsage().maxRSS;
}

/** This process's anonymous resident pages in KiB (0 where Linux does not tell it). */
export function anonymousKib(): number {
  return statusKib('RssAnon') ?? 0;
}
