import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, checkPrefix, FileNotFound, type FileStore, type StoredFile } from './store.ts';

export interface S3Settings {
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style URLs (endpoint/bucket/key), which MinIO, Ceph and most self-hosted stores need. */
  forcePathStyle: boolean;
  /** A folder in the bucket for this deployment's files (S3_PREFIX), '' for the bucket's root. */
  prefix: string;
}

/**
 * Parts of 5 MB (S3's smallest; up to 10,000 parts, so files up to about 48 GB), two in flight:
 * an upload of any size holds about three parts, some 15 MB, at a time.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function missing(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}

function notImplemented(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NotImplemented' || err.$metadata?.httpStatusCode === 501;
}

/**
 * Files in an S3-compatible object store (AWS S3, MinIO, Ceph RGW, …) through the official AWS
 * SDK: puts are multipart uploads streamed in 5 MB parts (lib-storage), gets stream the object's
 * body. Checksums are sent and checked only where the API requires them, as stores other than
 * AWS's own often refuse the SDK's newer default checksum headers.
 */
export function s3FileStore(s: S3Settings): FileStore {
  const client = new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s.bucket;
  const base = s.prefix ? `${s.prefix.replace(/\/+$/, '')}/` : '';
  const objectKey = (key: string) => base + checkKey(key);
  const store: FileStore = {
    kind: 's3',
    async put(key, body) {
      let size = 0;
      const source = body instanceof Uint8Array ? [Buffer.from(body)] : body;
      // Counted as the upload pulls it: nothing flows, and no error is raised, before it reads.
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of source) {
            size += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        })(),
      );
      // An object appears only when the upload completes; an aborted one leaves no object.
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: counted },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      await upload.done();
      return { key, size, modifiedAt: Date.now() };
    },
    async get(key) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return r.Body as Readable;
      } catch (e) {
        if (missing(e)) throw new FileNotFound(key);
        throw e;
      }
    },
    async stat(key) {
      try {
        const r = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { key, size: Number(r.ContentLength ?? 0), modifiedAt: r.LastModified?.getTime() ?? 0 };
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async move(from, to) {
      if (from === to) return;
      // A streamed copy rather than CopyObject, which is limited to 5 GB in one call.
      await store.put(to, await store.get(from));
      await store.delete(from);
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async list(prefix) {
      checkPrefix(prefix);
      const out: StoredFile[] = [];
      let token: string | undefined;
      do {
        const r = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: base + prefix, ContinuationToken: token }),
        );
        for (const o of r.Contents ?? [])
          if (o.Key)
            out.push({
              key: o.Key.slice(base.length),
              size: Number(o.Size ?? 0),
              modifiedAt: o.LastModified?.getTime() ?? 0,
            });
        token = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (token);
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    localPath() {
      return null;
    },
    async pruneWork(before) {
      // Multipart uploads begun before the bound and never completed (their instance died): their
      // parts are stored, and billed, until aborted. A store without the listing (s3rver, some
      // older gateways) answers NotImplemented: nothing to do here, a lifecycle rule
      // (AbortIncompleteMultipartUpload) on the bucket does it instead (docs/deployment/files.md).
      let removed = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        let r: ListMultipartUploadsCommandOutput;
        try {
          r = await client.send(
            new ListMultipartUploadsCommand({
              Bucket,
              ...(base ? { Prefix: base } : {}),
              KeyMarker: keyMarker,
              UploadIdMarker: uploadIdMarker,
            }),
          );
        } catch (e) {
          if (notImplemented(e)) return removed;
          throw e;
        }
        for (const u of r.Uploads ?? [])
          if (u.Key && u.UploadId && (u.Initiated?.getTime() ?? before) < before) {
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }));
            removed++;
          }
        keyMarker = r.IsTruncated ? r.NextKeyMarker : undefined;
        uploadIdMarker = r.IsTruncated ? r.NextUploadIdMarker : undefined;
      } while (keyMarker);
      return removed;
    },
    async close() {
      client.destroy();
    },
  };
  return store;
}
