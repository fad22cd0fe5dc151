import { startFakeGoogle } from './fake-google';

// The fake Google of the browser tests, on a fixed loopback port (the app's GOOGLE_* URLs point at it).
const port = Number(process.env.FAKE_GOOGLE_PORT ?? 5392);
const fake = await startFakeGoogle({ port });
console.log(`fake Google listening on ${fake.url}`);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
