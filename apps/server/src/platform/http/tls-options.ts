import fs from 'node:fs';
import type { Config } from '../config.ts';

/**
 * Fastify's server options for TLS_CERT/TLS_KEY: HTTPS over HTTP/2, with HTTP/1.1 still accepted
 * on the same port (allowHTTP1) for clients and tools without HTTP/2. Without them: none (plain
 * HTTP/1.1, e.g. behind a reverse proxy that terminates TLS).
 *
 * The files are read once at start-up; an unreadable file stops the start with a message naming
 * it rather than serving plain HTTP the operator did not ask for.
 */
export function tlsServerOptions(config: Pick<Config, 'tls'>): Record<string, unknown> {
  if (!config.tls) return {};
  const read = (file: string, name: string) => {
    try {
      return fs.readFileSync(file);
    } catch (e) {
      throw new Error(`${name} ${file} cannot be read: ${(e as Error).message}`);
    }
  };
  const cert = read(config.tls.certFile, 'TLS_CERT');
  const key = read(config.tls.keyFile, 'TLS_KEY');
  return { http2: true, https: { allowHTTP1: true, cert, key } };
}
