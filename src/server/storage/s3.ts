import type { S3Client } from '@aws-sdk/client-s3';
import { joined } from '#server/bytes';
import type { Config } from '../config';
import { assertFileKey, FileStoreUnavailableError, isFileKey, type FileStorage } from './storage';

export type S3Settings = NonNullable<Config['s3']>;

/**
 * How long a request may wait for a connection, and then for the bucket to say anything (the SDK waits forever by
 * default): an endpoint that swallows packets fails the request as unreachable instead of hanging it.
 */
export interface S3Timeouts {
  connectMs: number;
  idleMs: number;
}

const S3_TIMEOUTS: S3Timeouts = { connectMs: 5_000, idleMs: 30_000 };

/** An S3-compatible bucket (AWS S3, MinIO, R2, ...): objects named by key. */
export function createS3Storage(settings: S3Settings, timeouts: S3Timeouts = S3_TIMEOUTS): FileStorage {
  // The SDK is large: load it only when a bucket is configured, on first use.
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connect = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: createClient(sdk, settings, timeouts) })));
  const bucket = settings.bucket;
  const where = `The S3 bucket ${JSON.stringify(bucket)}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
  /** Every request to the bucket, its failures named: refused (and with what S3 error) or not reached (and why). */
  const request = async <T>(
    action: (sdk: typeof import('@aws-sdk/client-s3'), client: S3Client) => Promise<T>,
    handled?: (error: unknown) => T | undefined,
  ): Promise<T> => {
    const { sdk, client } = await connect();
    try {
      return await action(sdk, client);
    } catch (error) {
      const answer = handled?.(error);
      if (answer !== undefined) return answer;
      throw new FileStoreUnavailableError(`${where} ${describeFailure(sdk, error)}`, error);
    }
  };

  return {
    name: 's3',
    identity: async () => `s3:${bucket}`,
    async put(key, data, contentType) {
      assertFileKey(key);
      await request((sdk, client) =>
        client.send(
          new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: joined(data), ContentType: contentType }),
        ),
      );
    },
    async get(key) {
      assertFileKey(key);
      const { sdk } = await connect();
      const isMissing = (error: unknown) =>
        error instanceof sdk.NoSuchKey ||
        (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404);
      return request(
        async (_, client) => {
          const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
          return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
        },
        (error) => (isMissing(error) ? null : undefined),
      );
    },
    async delete(key) {
      assertFileKey(key);
      await request((sdk, client) => client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key })));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await request((sdk, client) =>
          client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token })),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && isFileKey(object.Key))
            yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/** 'refused the request: 403 InvalidAccessKeyId (...)' or 'could not be reached: ECONNREFUSED (...)'. */
function describeFailure(sdk: typeof import('@aws-sdk/client-s3'), error: unknown): string {
  if (error instanceof sdk.S3ServiceException) {
    return `refused the request: ${error.$metadata.httpStatusCode ?? 'no status'} ${error.name} (${error.message})`;
  }
  const { code, message } = error as { code?: unknown; message?: unknown };
  return `could not be reached: ${typeof code === 'string' ? `${code} (${String(message)})` : String(message)}`;
}

function createClient(sdk: typeof import('@aws-sdk/client-s3'), settings: S3Settings, timeouts: S3Timeouts): S3Client {
  return new sdk.S3Client({
    requestHandler: { connectionTimeout: timeouts.connectMs, socketTimeout: timeouts.idleMs },
    region: settings.region,
    endpoint: settings.endpoint,
    // Other S3-compatible stores address buckets by path; AWS itself accepts both.
    forcePathStyle: settings.endpoint !== undefined,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Only the checksums S3 requires: several S3-compatible stores reject the SDK's newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
