import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config/env.js';

export const BUCKET = 'store-photos';

export interface LocalS3 {
  config: S3Config;
  port: number;
  stop(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free port, with the store's bucket, its data in a temporary folder. */
export async function startS3(port = 0): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = (await server.run()) as { port: number };
  const config: S3Config = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  let stopped = false;
  return {
    config,
    port: address.port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A client of the test's own, to look inside the bucket. */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId!, secretAccessKey: config.secretAccessKey! },
  });
}

/** Every key in the bucket, sorted (all pages). */
export async function objectKeys(client: S3Client): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
    keys.push(...(listed.Contents ?? []).map((object) => object.Key!));
    token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}
