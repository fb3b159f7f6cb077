import { texts } from '@igs/contract';
import { dialText, header, type Line, secret, section } from './conf-text.ts';
import type { Extension, GenerateOptions, Problems, Trunk, VoiceModel } from './model.ts';

/**
 * pjsip.conf (DOMAIN voice/BasicSettings, voice/Extension, voice/SipTrunk, voice/SoftTerminal):
 * transports from the basic settings; an endpoint, auth and aor per extension; per trunk an
 * endpoint, aor, auth where it has credentials, a registration when it registers out and an
 * identify when it is known by its address. Key names follow pjsip.conf.sample.
 */

export const TLS_CERT = '/etc/asterisk/keys/asterisk.crt';
export const TLS_KEY = '/etc/asterisk/keys/asterisk.key';

export function trunkSection(t: Pick<Trunk, 'name'>): string {
  return `trunk-${t.name}`;
}

export function extensionContext(e: Pick<Extension, 'call_permission'>): string {
  return `from-internal-${e.call_permission}`;
}

function hostPart(host: string, port: number): string {
  const h = host.includes(':') ? `[${host}]` : host;
  return `${h}:${port}`;
}

function natLines(model: VoiceModel): Line[] {
  const b = model.basic;
  const lines: Line[] = [];
  if (b.external_ip) {
    lines.push(['external_media_address', b.external_ip], ['external_signaling_address', b.external_ip]);
  }
  for (const net of b.local_nets) lines.push(['local_net', net]);
  return lines;
}

/** Extensions whose soft terminal is a WebRTC client (DOMAIN voice/SoftTerminal). */
export function webrtcExtensionIds(model: VoiceModel): Set<number> {
  return new Set(model.softTerminals.filter((s) => s.enabled && s.webrtc).map((s) => s.extension_id));
}

export function transportNames(model: VoiceModel): Set<string> {
  const names = new Set(['transport-udp']);
  if (model.basic.sip_tcp) names.add('transport-tcp');
  if (model.basic.sip_tls_port > 0) names.add('transport-tls');
  if (webrtcExtensionIds(model).size) names.add('transport-wss');
  return names;
}

function transports(model: VoiceModel, problems: Problems): string[] {
  const b = model.basic;
  const out = [
    section(
      'transport-udp',
      [['type', 'transport'], ['protocol', 'udp'], ['bind', `0.0.0.0:${b.sip_udp_port}`], ...natLines(model)],
      'SIP over UDP (basic settings)',
    ),
  ];
  if (b.sip_tcp) {
    out.push(
      section('transport-tcp', [
        ['type', 'transport'],
        ['protocol', 'tcp'],
        ['bind', `0.0.0.0:${b.sip_udp_port}`],
        ...natLines(model),
      ]),
    );
  }
  if (b.sip_tls_port > 0) {
    out.push(
      section('transport-tls', [
        ['type', 'transport'],
        ['protocol', 'tls'],
        ['bind', `0.0.0.0:${b.sip_tls_port}`],
        ['cert_file', TLS_CERT],
        ['priv_key_file', TLS_KEY],
        ['method', 'tlsv1_2'],
        ...natLines(model),
      ]),
    );
    problems.warn('pjsip.conf', texts('voiceConfig.sipOverTlsNeeds', { cert: TLS_CERT, key: TLS_KEY }));
  }
  if (webrtcExtensionIds(model).size) {
    // WebRTC clients reach Asterisk through its HTTP server's WebSocket (http.conf, port 8089).
    out.push(
      section('transport-wss', [
        ['type', 'transport'],
        ['protocol', 'wss'],
        ['bind', '0.0.0.0'],
      ]),
    );
  }
  return out;
}

export function extensionSections(model: VoiceModel, problems: Problems, opts: GenerateOptions): string[] {
  const b = model.basic;
  const a = model.advanced;
  const webrtc = webrtcExtensionIds(model);
  const out: string[] = [];
  for (const e of [...model.extensions].sort((x, y) => x.extension.localeCompare(y.extension))) {
    if (!/^\d{1,16}$/.test(e.extension)) {
      problems.error('pjsip.conf', texts('voiceConfig.extensionNotNumberLeft', { extension: e.extension }));
      continue;
    }
    if (!e.secret) {
      problems.error('pjsip.conf', texts('voiceConfig.extensionNoSipPassword', { extension: e.extension }));
      continue;
    }
    const isWebrtc = webrtc.has(e.id);
    const codecs = isWebrtc ? [...new Set(['opus', ...b.codecs, 'ulaw'])] : b.codecs;
    const lines: Line[] = [
      ['type', 'endpoint'],
      ['context', extensionContext(e)],
      ['disallow', 'all'],
      ['allow', codecs.join(',')],
      ['dtmf_mode', b.dtmf_mode],
      ['language', b.language],
      ['auth', `${e.extension}-auth`],
      ['aors', e.extension],
      ['callerid', `"${dialText(e.name, 40)}" <${e.extension}>`],
      ['direct_media', 'no'],
      ['moh_suggest', a.moh_class],
      ['device_state_busy_at', e.max_contacts > 1 ? 2 : 1],
    ];
    if (e.nat) lines.push(['rtp_symmetric', 'yes'], ['force_rport', 'yes'], ['rewrite_contact', 'yes']);
    if (e.voicemail) lines.push(['mailboxes', `${e.extension}@default`]);
    if (e.pickup_group !== null && e.pickup_group !== undefined) {
      lines.push(['call_group', e.pickup_group], ['pickup_group', e.pickup_group]);
    }
    // Read by the outbound dialplan: the caller's own caller id and recording choice.
    if (e.outbound_cid) lines.push(['set_var', `IGS_OUTCID=${dialText(e.outbound_cid, 32)}`]);
    if (e.recording && e.recording !== 'inherit') lines.push(['set_var', `IGS_REC=${e.recording}`]);
    if (isWebrtc) lines.push(['webrtc', 'yes'], ['dtls_auto_generate_cert', 'yes']);
    out.push(section(e.extension, lines, `Extension ${e.extension} ${e.name}`));
    out.push(
      section(`${e.extension}-auth`, [
        ['type', 'auth'],
        ['auth_type', 'userpass'],
        ['username', e.extension],
        ['password', secret(e.secret, opts)],
      ]),
    );
    out.push(
      section(e.extension, [
        ['type', 'aor'],
        ['max_contacts', e.max_contacts || 1],
        ['remove_existing', 'yes'],
        ['qualify_frequency', a.qualify_frequency],
      ]),
    );
  }
  return out;
}

export function trunkSections(model: VoiceModel, problems: Problems, opts: GenerateOptions): string[] {
  const b = model.basic;
  const a = model.advanced;
  const known = transportNames(model);
  const out: string[] = [];
  for (const t of model.trunks) {
    if (!t.enabled) continue;
    const name = trunkSection(t);
    const transport = `transport-${t.transport}`;
    if (!known.has(transport)) {
      problems.error(
        'pjsip.conf',
        texts('voiceConfig.trunkUsesOffBasic', { name: t.name, transport: t.transport.toUpperCase() }),
      );
      continue;
    }
    const user = t.username ?? '';
    const hasCredentials = Boolean(user && t.secret);
    const outboundAuth = hasCredentials && (t.auth === 'outbound' || t.auth === 'both');
    const inboundAuth = t.auth === 'inbound' || t.auth === 'both';
    if ((t.auth !== 'none' || t.registration === 'send') && !hasCredentials) {
      problems.error('pjsip.conf', texts('voiceConfig.trunkNeedsUsernamePassword', { name: t.name }));
    }
    const server = hostPart(t.sip_server, t.sip_server_port || 5060);
    const endpoint: Line[] = [
      ['type', 'endpoint'],
      ['transport', transport],
      ['context', 'from-trunk'],
      ['disallow', 'all'],
      ['allow', b.codecs.join(',')],
      ['dtmf_mode', b.dtmf_mode],
      ['language', b.language],
      ['aors', name],
      ['direct_media', 'no'],
      ['rtp_symmetric', 'yes'],
      ['force_rport', 'yes'],
      ['rewrite_contact', 'yes'],
      ['from_domain', t.sip_server],
    ];
    if (user) endpoint.push(['from_user', user]);
    if (outboundAuth) endpoint.push(['outbound_auth', `${name}-auth`]);
    if (inboundAuth && hasCredentials) endpoint.push(['auth', `${name}-auth`]);
    out.push(section(name, endpoint, `Trunk ${t.name}`));
    if (hasCredentials) {
      out.push(
        section(`${name}-auth`, [
          ['type', 'auth'],
          ['auth_type', 'userpass'],
          ['username', user],
          ['password', secret(t.secret, opts)],
        ]),
      );
    }
    const aor: Line[] = [['type', 'aor']];
    if (t.registration === 'receive') aor.push(['max_contacts', 1], ['remove_existing', 'yes']);
    else aor.push(['contact', `sip:${server}`]);
    aor.push(['qualify_frequency', a.qualify_frequency]);
    out.push(section(name, aor));
    if (t.registration === 'send' && hasCredentials) {
      out.push(
        section(`${name}-reg`, [
          ['type', 'registration'],
          ['transport', transport],
          ['outbound_auth', `${name}-auth`],
          ['server_uri', `sip:${server}`],
          ['client_uri', `sip:${user}@${server}`],
          ['contact_user', user],
          ['retry_interval', 60],
          ['forbidden_retry_interval', 600],
          ['expiration', 3600],
          ['line', 'yes'],
          ['endpoint', name],
        ]),
      );
    }
    // A trunk that does not authenticate to us is known by its address.
    if (!inboundAuth && t.registration !== 'receive') {
      out.push(
        section(`${name}-identify`, [
          ['type', 'identify'],
          ['endpoint', name],
          ['match', t.sip_server],
        ]),
      );
    }
  }
  return out;
}

export function pjsipConf(model: VoiceModel, problems: Problems, opts: GenerateOptions = {}): string {
  const parts = [
    header('pjsip.conf'),
    section('global', [
      ['type', 'global'],
      ['user_agent', 'IGS Gateway'],
      // auth_username: a trunk that registers to us is known by its credentials.
      ['endpoint_identifier_order', 'ip,username,auth_username,anonymous'],
    ]),
    ...transports(model, problems),
    ...extensionSections(model, problems, opts),
    ...trunkSections(model, problems, opts),
  ];
  return parts.join('\n');
}
