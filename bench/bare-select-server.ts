// The baseline of the vendor-list benchmark, run as its own process: a bare Fastify route answering `SELECT 1` from
// the app's own node-postgres pool (10 connections), without Drizzle. Prints its URL on stdout once it listens.
import Fastify from 'fastify';
import { createPostgresPool } from '#server/db/client';

const pool = createPostgresPool(process.env.DATABASE_URL!);
const app = Fastify();
app.get('/select-1', async () => {
  const { rows } = await pool.query('select 1 as one');
  return rows[0];
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
console.log(await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) }));
