import { readFileSync } from 'node:fs';
import type { Journal, RequestRecord } from './journal';
import type { Profile } from './profile';

/** CPU seconds a process has used (user + system, Linux /proc), 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Answer times per route, outside the fault windows (the steady load). */
export function latencies(journal: Journal, profile: Profile) {
  const isSteady = (record: RequestRecord) =>
    !journal.faults.some(
      (window) => record.startedAt <= window.endedAt + profile.recoveryMs && record.endedAt >= window.startedAt,
    );
  const byRoute = new Map<string, number[]>();
  for (const record of journal.requests) {
    if (!isSteady(record) || record.outcome !== 200) continue;
    byRoute.set(record.route, [...(byRoute.get(record.route) ?? []), record.endedAt - record.startedAt]);
  }
  return [...byRoute.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([route, times]) => ({
      route,
      count: times.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: percentile(times, 100),
    }));
}

/**
 * RSS of each instance once a second, so that memory is compared as a median over a window under the same load (one
 * reading can land on a garbage collection either way).
 */
export function sampleMemory(instances: { name: string; pid: number; rss(): number }[]) {
  const samples = new Map<string, { at: number; pid: number; rss: number }[]>(
    instances.map((instance) => [instance.name, []]),
  );
  const timer = setInterval(() => {
    for (const instance of instances) {
      const rss = instance.rss();
      if (rss > 0) samples.get(instance.name)!.push({ at: Date.now(), pid: instance.pid, rss });
    }
  }, 1000);
  return {
    /** Median RSS of the instance's current process over the last `windowMs`, in bytes. */
    recentMedian(instance: { name: string; pid: number }, windowMs = 10_000) {
      const since = Date.now() - windowMs;
      const values = samples
        .get(instance.name)!
        .filter((sample) => sample.at >= since && sample.pid === instance.pid)
        .map((sample) => sample.rss);
      return percentile(values, 50);
    },
    /** Median RSS (MB) of each `everyMs` of the instance's current process, oldest first: how memory went. */
    trajectory(instance: { name: string; pid: number }, everyMs = 30_000): number[] {
      const own = samples.get(instance.name)!.filter((sample) => sample.pid === instance.pid);
      if (own.length === 0) return [];
      const buckets: number[][] = [];
      for (const sample of own) (buckets[Math.floor((sample.at - own[0]!.at) / everyMs)] ??= []).push(sample.rss);
      return buckets.filter(Boolean).map((values) => Math.round(percentile(values, 50) / 1024 / 1024));
    },
    stop: () => clearInterval(timer),
  };
}
