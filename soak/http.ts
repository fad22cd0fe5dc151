import type { Journal } from './journal';

export interface Answer {
  outcome: number | 'timeout' | 'connection';
  body: unknown;
  retryAfter: string | null;
}

/** A route's template for the journal: ids and keys in paths become placeholders. */
const routeOf = (method: string, path: string) =>
  `${method} ${path
    .replace(/\?.*$/, '')
    .replace(/\/prospecting-drafts\/[^/]+/, '/prospecting-drafts/:cardId')
    .replace(/\/vendors\/[^/]+/, '/vendors/:vendorId')}`;

/**
 * The simulated browser's fetch: a client timeout, every request journaled, a JSON body when there is one. A
 * connection refused or cut is retried once on the other instance, as a load balancer in front of both would.
 */
export function createClient(journal: Journal, instances: { name: string; url: string }[], timeoutMs: number) {
  async function once(
    instance: { name: string; url: string },
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Answer> {
    const startedAt = Date.now();
    let answer: Answer;
    try {
      const response = await fetch(`${instance.url}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: kept as text
      }
      answer = { outcome: response.status, body: parsed, retryAfter: response.headers.get('retry-after') };
    } catch (error) {
      const name = (error as Error).name;
      answer = {
        outcome: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'connection',
        body: null,
        retryAfter: null,
      };
    }
    const message =
      answer.body && typeof answer.body === 'object' && 'message' in answer.body
        ? String((answer.body as { message: unknown }).message)
        : null;
    journal.record({
      startedAt,
      endedAt: Date.now(),
      instance: instance.name,
      route: routeOf(method, path),
      outcome: answer.outcome,
      retryAfter: answer.retryAfter,
      message,
    });
    return answer;
  }

  return async function request(
    home: number,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const first = await once(instances[home % instances.length]!, method, path, body, headers);
    if (first.outcome !== 'connection') return first;
    return once(instances[(home + 1) % instances.length]!, method, path, body, headers);
  };
}

export type Client = ReturnType<typeof createClient>;
