import type { Lang, VoiceAdvanced, VoiceBasic } from '@igs/contract';
import { VOICE_FILES } from '@igs/contract/calls';

/**
 * What the Asterisk configuration is generated from: the two voice singletons and the voice
 * records of one site, as stored (secrets included: they go into the files, never to a client).
 * JSON fields arrive as the client sent them, so the generators read them defensively.
 */

export type Permission = 'internal' | 'local' | 'national' | 'international';
export const PERMISSIONS: readonly Permission[] = ['internal', 'local', 'national', 'international'];

export interface Extension {
  id: number;
  extension: string;
  name: string;
  secret: string;
  call_permission: Permission;
  area_id: number | null;
  outbound_cid: string | null;
  voicemail: number;
  vm_pin: string | null;
  ring_timeout: number;
  recording: 'inherit' | 'always' | 'never';
  cf_always: string | null;
  cf_busy: string | null;
  cf_noanswer: string | null;
  pickup_group: number | null;
  max_contacts: number;
  nat: number;
  dnd: number;
}

export interface Trunk {
  id: number;
  name: string;
  sip_server: string;
  sip_server_port: number;
  transport: 'udp' | 'tcp' | 'tls';
  registration: 'send' | 'receive' | 'none';
  auth: 'outbound' | 'inbound' | 'both' | 'none';
  username: string | null;
  secret: string;
  outcid: string | null;
  dial_prefix: string | null;
  max_channels: number;
  enabled: number;
  reg_state?: string | null;
}

export interface TrunkGroup {
  id: number;
  name: string;
  strategy: 'sequential' | 'round_robin';
  trunk_ids: number[];
}

export interface InboundRoute {
  id: number;
  description: string;
  did: string | null;
  cid: string | null;
  dest: unknown;
  hours_weekdays: unknown;
  hours_from: string | null;
  hours_to: string | null;
  after_hours_dest: unknown;
  enabled: number;
}

export interface OutboundRoute {
  id: number;
  name: string;
  patterns: unknown;
  trunk_group_id: number;
  level: 'local' | 'national' | 'international';
  outcid: string | null;
  pin: string | null;
  emergency: number;
  seq: number | null;
  enabled: number;
}

export interface Conference {
  id: number;
  number: string;
  name: string;
  user_pin: string | null;
  admin_pin: string | null;
  max_members: number;
  record: number;
  wait_admin: number;
  announce_join: number;
  moh_when_alone: number;
}

export interface Ivr {
  id: number;
  name: string;
  number: string | null;
  announcement: string | null;
  timeout_s: number;
  invalid_loops: number;
  timeout_loops: number;
  invalid_dest: unknown;
  timeout_dest: unknown;
  direct_dial: 'none' | 'extensions';
  entries: unknown;
}

export interface Queue {
  id: number;
  number: string;
  name: string;
  strategy: string;
  members: unknown;
  agent_timeout: number;
  retry: number;
  wrapup: number;
  maxlen: number;
  maxwait: number;
  joinempty: number;
  announce_position: number;
  announce_frequency: number;
  periodic_announce: string | null;
  fail_dest: unknown;
  record: number;
}

export interface PagingGroup {
  id: number;
  number: string;
  name: string;
  members: unknown;
  duplex: number;
  force: number;
  announcement: string | null;
}

export interface SoftTerminal {
  id: number;
  extension_id: number;
  platform: string | null;
  webrtc: number;
  enabled: number;
}

/** An area of system/RegionalManagement: paging by area reaches the areas below it too. */
export interface Area {
  id: number;
  parent_id: number | null;
}

export interface VoiceModel {
  basic: VoiceBasic;
  advanced: VoiceAdvanced;
  extensions: Extension[];
  trunks: Trunk[];
  trunkGroups: TrunkGroup[];
  inboundRoutes: InboundRoute[];
  outboundRoutes: OutboundRoute[];
  conferences: Conference[];
  ivrs: Ivr[];
  queues: Queue[];
  paging: PagingGroup[];
  softTerminals: SoftTerminal[];
  areas: Area[];
}

/** The generated files, named once in the contract (the management page's `file` call takes one). */
export { VOICE_FILES };
export type VoiceFile = (typeof VOICE_FILES)[number];

export function isVoiceFile(name: string): name is VoiceFile {
  return (VOICE_FILES as readonly string[]).includes(name);
}

export type Text = Record<Lang, string>;

/** A finding of generation or of the check, for one file. */
export interface Problem {
  file: VoiceFile;
  level: 'error' | 'warning';
  msg: Text;
}

/** Collects problems while the files are generated. */
export class Problems {
  readonly list: Problem[] = [];
  error(file: VoiceFile, msg: Text): void {
    this.list.push({ file, level: 'error', msg });
  }
  warn(file: VoiceFile, msg: Text): void {
    this.list.push({ file, level: 'warning', msg });
  }
}

export interface GenerateOptions {
  /** Replace secrets by asterisks (the file viewer); the files on disk carry them. */
  mask?: boolean;
}
