import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in credentials: it refuses any other access key id (it does not check signatures). */
export const S3RVER_KEY = 'S3RVER';

/**
 * A real S3 protocol server (s3rver) on loopback with one bucket, its objects in a temporary folder. `stop` takes it
 * down (open connections cut too) and `start` brings it back on the same port with the same objects.
 */
export async function startS3Server(bucket = 'dispatch-test') {
  const directory = mkdtempSync(join(tmpdir(), 'dispatch-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    if (server) return;
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    running.httpServer?.closeAllConnections();
    await running.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    /** Where s3rver keeps the bucket's objects on disk. */
    directory,
    /** The app's S3 settings for this bucket, as environment variables. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    /** The store's settings for this bucket (createS3Storage). */
    settings: { bucket, endpoint, region: 'us-east-1', accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    start,
    stop,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
