import { resourceByName } from '@igs/contract/resources';
import type { AnyAction } from '../../platform/http/action.ts';
import { aroundResourceWrites } from '../../platform/resources/after-writes.ts';
import { type Half, writeWithRecords } from './service.ts';

/**
 * Static leases (`system:dhcp_host`) and DNS host records (`system:dns_host`) are written by the
 * generic resource calls; each write (add, edit, del, import, and state should they get an
 * `enabled` field) rewrites its dnsmasq file in the same call, exactly as the page's Apply does,
 * and is undone when dnsmasq refuses the result (service.ts `writeWithRecords`).
 */

const HALVES: [resource: string, half: Half][] = [
  ['system:dhcp_host', 'dhcp'],
  ['system:dns_host', 'dns'],
];

/** An import that wrote nothing: a dry run, or a file with errors (it is all or nothing). */
export function wroteNothing(out: unknown): boolean {
  const r = out as { dry_run?: unknown; errors?: unknown } | null;
  return Boolean(r && (r.dry_run === true || (Array.isArray(r.errors) && r.errors.length > 0)));
}

export function withDnsmasqRecordWrites(actions: readonly AnyAction[]): AnyAction[] {
  let out = [...actions];
  for (const [name, half] of HALVES) {
    const def = resourceByName(name)!;
    const endpoints = [def.endpoint, ...(def.opsEndpoint ? [def.opsEndpoint] : [])];
    out = aroundResourceWrites(out, endpoints, async (ctx, write) => {
      const { out: reply, reply: dnsmasq } = await writeWithRecords(ctx, half, write, { skip: wroteNothing });
      // The record call's reply, plus what happened to the file (as the page's Apply answers).
      return dnsmasq && reply && typeof reply === 'object' ? { ...reply, dnsmasq } : reply;
    });
  }
  return out;
}
