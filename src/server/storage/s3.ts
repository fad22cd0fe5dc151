import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { assertFileKey, isFileKey, type FileStorage } from './storage';

export type S3Settings = NonNullable<Config['s3']>;

/** An S3-compatible bucket (AWS S3, MinIO, R2, ...): objects named by key. */
export function createS3Storage(settings: S3Settings): FileStorage {
  // The SDK is large: load it only when a bucket is configured, on first use.
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connect = () => (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: createClient(sdk, settings) })));
  const bucket = settings.bucket;

  return {
    name: 's3',
    identity: async () => `s3:${bucket}`,
    async put(key, data, contentType) {
      assertFileKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentType: contentType }));
    },
    async get(key) {
      assertFileKey(key);
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      assertFileKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async *list() {
      const { sdk, client } = await connect();
      let token: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key && isFileKey(object.Key)) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

function createClient(sdk: typeof import('@aws-sdk/client-s3'), settings: S3Settings): S3Client {
  return new sdk.S3Client({
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
