import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in credentials: it refuses any other access key id (it does not check signatures). */
export const S3RVER_KEY = 'S3RVER';

/** A real S3 protocol server (s3rver) on loopback with one bucket, its objects in a temporary folder. */
export async function startS3Server(bucket = 'dispatch-test') {
  const directory = mkdtempSync(join(tmpdir(), 'dispatch-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    /** The app's S3 settings for this bucket, as environment variables. */
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: S3RVER_KEY, S3_SECRET_ACCESS_KEY: S3RVER_KEY },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
