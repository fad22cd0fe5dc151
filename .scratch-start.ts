import { startServer } from '#server/testing/server-process';
const t0 = performance.now();
const s = await startServer({ ADMIN_EMAILS: 'a@b.test', MAIL_TRANSPORT: 'outbox', ...(process.env.FROM ? { DATA_DIR: process.env.FROM } : {}) });
console.log('healthy after', Math.round(performance.now() - t0), 'ms');
await s.stop();
