/** What other areas use of dnsmasq: the one door into it (docs/architecture.md). */
export { LABELS } from './model.ts';
export { readDhcp } from './rules.ts';
export { loadDhcp, loadDns, writeHalf, writeWithRecords } from './service.ts';
export { dhcpSubnet } from './subnet.ts';
