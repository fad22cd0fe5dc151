import { load, median } from './load';
import { startServer } from '#server/testing/server-process';

/** Authenticated GET /api/user against a bare constant route of the same server process, runs interleaved. */
export async function benchUserLookup() {
  const admin = 'bench@agency.test';
  const server = await startServer({ ADMIN_EMAILS: admin });
  try {
    const registered = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: admin,
        password: 'bench password 1',
        invite: new URL(await server.setupUrl(admin)).searchParams.get('invite'),
      }),
    });
    const { token } = (await registered.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    await load(`${server.url}/api/health`, {}, 1);
    await load(`${server.url}/api/user`, auth, 1);
    const bare: number[] = [];
    const user: number[] = [];
    for (let round = 0; round < 3; round++) {
      bare.push((await load(`${server.url}/api/health`)).requestsPerSecond);
      const result = await load(`${server.url}/api/user`, auth);
      if (result.non2xx > 0) throw new Error(`GET /api/user answered ${result.non2xx} non-2xx responses`);
      user.push(result.requestsPerSecond);
    }
    const ratio = median(user) / median(bare);
    return {
      name: 'GET /api/user (authenticated) vs bare route, embedded database',
      lines: [
        `bare route:    median ${median(bare).toFixed(0)} req/s (${bare.map((v) => v.toFixed(0)).join(', ')})`,
        `GET /api/user: median ${median(user).toFixed(0)} req/s (${user.map((v) => v.toFixed(0)).join(', ')})`,
        `ratio: ${ratio.toFixed(3)} of the bare route's throughput`,
      ],
    };
  } finally {
    await server.stop();
  }
}
