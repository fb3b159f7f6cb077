import { randomInt } from 'node:crypto';
import type { ActionContext } from '../../platform/http/action.ts';

/**
 * A broadcast room's stream key and the addresses made from it (DOMAIN 2.6 media/LiveBroadcast):
 * 24 random characters; the presenter pushes to `rtmp://<lan>:1935/live/<key>` and terminals play
 * the HLS nginx-rtmp writes for it. `<lan>` is the address the operator reached this console at,
 * which on the gateway is its LAN address.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const STREAM_KEY_LENGTH = 24;

export function newStreamKey(): string {
  let key = '';
  for (let i = 0; i < STREAM_KEY_LENGTH; i++) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

/** The gateway's host name as the caller used it, without a port (IPv6 stays bracketed). */
export function gatewayHost(ctx: ActionContext): string {
  const host = ctx.req.hostname || '127.0.0.1';
  return host;
}

export function streamAddresses(host: string, key: string): { push_url: string; play_url: string } {
  return {
    push_url: `rtmp://${host}:1935/live/${key}`,
    play_url: `http://${host}/hls/${key}/index.m3u8`,
  };
}

/** The stored fields of a new key: the key and both addresses. */
export function keyFields(ctx: ActionContext): { stream_key: string; push_url: string; play_url: string } {
  const stream_key = newStreamKey();
  return { stream_key, ...streamAddresses(gatewayHost(ctx), stream_key) };
}
