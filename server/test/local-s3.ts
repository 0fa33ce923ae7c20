import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** s3rver's fixed credentials. */
const KEY = 'S3RVER';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The app's environment for this server (S3_BUCKET, S3_ENDPOINT, keys, path-style). */
  env: Record<string, string>;
  /** Stops answering (S3 down); `start` brings it back on the same port with the same objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, from the npm registry; runs in this process, needs no network)
 * holding one bucket, for the S3 storage driver's tests and the cluster suite.
 */
export async function startLocalS3(port = 0, bucket = 'vastra-media'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'vastra-s3-'));
  let server: S3rver | undefined;
  let bound = port;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: bound,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
      // s3rver checks signatures of requests with a query string (list, multi-delete) its own way and
      // refuses the SDK's; the signing is the SDK's, not ours, so the fake takes it on trust.
      allowMismatchedSignatures: true,
    });
    bound = (await server.run()).port;
  };
  const stop = async () => {
    if (!server) return;
    server.httpServer.closeAllConnections();
    await server.close();
    server = undefined;
  };
  await start();
  const endpoint = `http://127.0.0.1:${bound}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
