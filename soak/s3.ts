import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3RVER_KEY } from '#server/testing/s3-server';

const BUCKET = 'dispatch-soak';

/** A real S3 server (s3rver) that can be stopped and started again on the same port with the same objects. */
export async function startS3() {
  const directory = mkdtempSync(join(tmpdir(), 'dispatch-soak-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    // Down means down: keep-alive connections of the app's S3 client are cut too.
    running.httpServer?.closeAllConnections();
    await running.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: S3RVER_KEY, S3_SECRET_ACCESS_KEY: S3RVER_KEY },
    start,
    stop,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
