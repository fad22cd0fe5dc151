import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  /** The 99th percentile latency in milliseconds. */
  p99: number;
  non2xx: number;
}

export async function load(
  url: string,
  headers: Record<string, string> = {},
  seconds = 3,
  connections = 20,
): Promise<LoadResult> {
  const result = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
