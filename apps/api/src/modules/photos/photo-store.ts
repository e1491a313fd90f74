import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Logger } from '@nestjs/common';
import { ServiceUnavailableError } from '../../common/errors.js';
import type { S3Config } from '../../config/env.js';

/** Where a photo's bytes are: in its `product_photos` row, or in the object store. */
export type PhotoLocation = 'postgres' | 's3';

/** Which of a product's photos: the original (re-encoded at upload), its card-size WebP or its large WebP. */
export const PHOTO_VARIANTS = ['original', 'card', 'large'] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];

/**
 * The object key of one variant of a photo. Named by the bytes' ETag (a SHA-256), so a replaced photo gets new
 * keys: a reader never sees half of a replacement, and the old objects are removed only after the new row commits.
 */
export function photoObjectKey(productId: string, variant: PhotoVariant, etag: string): string {
  return `products/${productId}/${variant}-${etag.replaceAll('"', '')}`;
}

/**
 * Photo bytes in an object store. The database keeps each photo's metadata (type, ETags, where the bytes are),
 * so ETags, 304s and versioned URLs are answered without reading an object.
 */
export abstract class PhotoObjectStore {
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes; undefined when it does not exist. */
  abstract get(key: string): Promise<Buffer | undefined>;
  /** Deletes the objects; missing ones are not an error. */
  abstract delete(keys: string[]): Promise<void>;
}

/** Seconds to wait for the object store before a request fails with 503 (it must never hang a photo request). */
const CONNECT_TIMEOUT_MS = 2000;
const REQUEST_TIMEOUT_MS = 5000;

/** Any S3-compatible store (AWS S3, MinIO, R2, Ceph, s3rver) through the AWS SDK. */
export class S3PhotoObjectStore extends PhotoObjectStore {
  private readonly client: S3Client;
  private readonly logger = new Logger('PhotoStore');

  constructor(private readonly config: S3Config) {
    super();
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      maxAttempts: 2,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.call('store', () =>
      this.client.send(
        // Immutable: a key names its bytes (see photoObjectKey), so a CDN in front of the bucket may keep it for good.
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      ),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw this.unavailable('read', error);
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await this.call('delete', () =>
        this.client.send(
          new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        ),
      );
    }
  }

  private async call<T>(what: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw this.unavailable(what, error);
    }
  }

  /** An object store failure is an outage of a dependency, not a bug: 503 for the client, one line in the log. */
  private unavailable(what: string, error: unknown): ServiceUnavailableError {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.logger.warn(`Could not ${what} a photo in bucket ${this.config.bucket}: ${reason}`);
    return new ServiceUnavailableError('Product photos are temporarily unavailable; please try again in a few seconds');
  }
}
