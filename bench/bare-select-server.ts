// The baseline of the vendor-list benchmark, run as its own process: a bare Fastify route answering `SELECT 1` from
// a postgres.js pool capped like the app's (10 connections). Prints its URL on stdout once it listens.
import Fastify from 'fastify';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
const app = Fastify();
app.get('/select-1', async () => {
  const [row] = await sql`select 1 as one`;
  return row;
});
process.on('SIGTERM', () => {
  void app.close().then(() => sql.end({ timeout: 1 })).then(() => process.exit(0));
});
console.log(await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) }));
