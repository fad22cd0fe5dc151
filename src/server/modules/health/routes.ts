import type { FastifyInstance } from 'fastify';
import { getHealth, getReadiness } from '#shared/api/health';
import { routeDefiner } from '#server/http/define-route';
import { createReadinessCheck, type CheckName, type ReadinessDeps } from './readiness';

const PART_NAMES: Record<CheckName, string> = {
  database: 'the database',
  store: 'the file store',
  mail: 'the mail server',
  mailThreads: 'the SMTP threads',
  readingThreads: 'the results reading threads',
};

/**
 * GET /api/health: liveness, answered without touching anything (restart the process only when this fails).
 * GET /api/ready: readiness, 503 naming the failing parts while the instance cannot do its work (take it out of the
 * load balancer, do not restart it).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: Omit<ReadinessDeps, 'log'>) {
  const checkReadiness = createReadinessCheck({ ...deps, log: app.log });

  const route = routeDefiner(app);

  route(getHealth, async () => ({ ok: true }));

  route(getReadiness, async (_input, _request, reply) => {
    const { isReady, checks } = await checkReadiness();
    reply.header('Cache-Control', 'no-store');
    if (isReady) return { ok: true as const, checks };
    const failing = (Object.keys(checks) as CheckName[])
      .filter((name) => checks[name] !== 'ok')
      .map((name) => PART_NAMES[name]);
    return reply.code(503).send({
      message: `Not ready: ${failing.join(' and ')} ${failing.length === 1 ? 'failed its check' : 'failed their checks'}.`,
      code: 'unavailable',
      checks,
    });
  });
}
