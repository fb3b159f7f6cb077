/** What other areas use of dnsmasq: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { dnsmasqActions, dnsmasqRegistrations } from './actions.ts';
import { withDnsmasqRecordWrites } from './record-writes.ts';

export { LABELS } from './model.ts';
export { readDhcp } from './rules.ts';
export { loadDhcp, loadDns, writeHalf, writeWithRecords } from './service.ts';
export { dhcpSubnet } from './subnet.ts';

/** The dnsmasq feature for app.ts: DHCP and DNS: static lease and DNS record writes rewrite their dnsmasq file in the same call. */
export const dnsmasqFeature: Feature = {
  name: 'dnsmasq',
  actions: dnsmasqActions,
  registrations: dnsmasqRegistrations,
  followers: [withDnsmasqRecordWrites],
};
