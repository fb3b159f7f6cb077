import { texts } from '@igs/contract';
import {
  asArray,
  asObject,
  dialText,
  extensionIndex,
  header,
  type Line,
  secret,
  section,
} from './conf-text.ts';
import type { GenerateOptions, Problems, VoiceModel } from './model.ts';
import { webrtcExtensionIds } from './pjsip.ts';

/**
 * The smaller files: queues.conf (voice/CallCenter), confbridge.conf (voice/MeetingRoom),
 * rtp.conf (voice/BasicSettings), features.conf (voice/AdvancedSettings) and voicemail.conf
 * (voice/Extension `voicemail`, `vm_pin`). Keys follow the upstream samples of each file.
 */

const yesNo = (v: unknown) => (v ? 'yes' : 'no');

export function queuesConf(model: VoiceModel, problems: Problems): string {
  const { byNumber } = extensionIndex(model);
  const parts = [
    header('queues.conf'),
    section('general', [
      ['persistentmembers', 'yes'],
      ['autofill', 'yes'],
      ['monitor-type', 'MixMonitor'],
      ['shared_lastcall', 'yes'],
    ]),
  ];
  for (const q of model.queues) {
    const lines: Line[] = [
      ['strategy', q.strategy],
      ['timeout', q.agent_timeout],
      ['retry', q.retry],
      ['wrapuptime', q.wrapup],
      ['maxlen', q.maxlen],
      ['joinempty', yesNo(q.joinempty)],
      ['leavewhenempty', 'no'],
      ['announce-position', yesNo(q.announce_position)],
      ['announce-frequency', q.announce_frequency],
      ['musicclass', model.advanced.moh_class],
      ['ringinuse', 'no'],
    ];
    if (q.periodic_announce) {
      lines.push(['periodic-announce', `igs/${dialText(q.periodic_announce, 64)}`]);
      lines.push(['periodic-announce-frequency', q.announce_frequency || 60]);
    }
    if (q.record) lines.push(['monitor-format', 'wav']);
    for (const m of asArray(q.members)) {
      const o = asObject(m);
      const number = String(o?.extension ?? m);
      const ext = byNumber.get(number);
      if (!ext) {
        problems.error(
          'queues.conf',
          texts('voiceConfig.queueAgentNotExtension', { number: q.number, number2: number }),
        );
        continue;
      }
      const penalty = Math.min(10, Math.max(0, Number(o?.penalty ?? 0) || 0));
      const iface = `PJSIP/${ext.extension}`;
      lines.push(['member', `${iface},${penalty},${dialText(ext.name, 40) || ext.extension},${iface}`]);
    }
    parts.push(section(q.number, lines, `Queue ${q.number} ${q.name}`));
  }
  return parts.join('\n').replace(/^member=/gm, 'member => ');
}

export function confbridgeConf(model: VoiceModel, problems: Problems): string {
  const moh = model.advanced.moh_class;
  const parts = [
    header('confbridge.conf'),
    section('general', []),
    section('igs-user-menu', [
      ['type', 'menu'],
      ['*', 'playback_and_continue(conf-usermenu)'],
      ['1', 'toggle_mute'],
      ['4', 'decrease_listening_volume'],
      ['6', 'increase_listening_volume'],
      ['7', 'decrease_talking_volume'],
      ['9', 'increase_talking_volume'],
    ]),
    section('igs-admin-menu', [
      ['type', 'menu'],
      ['*', 'playback_and_continue(conf-adminmenu)'],
      ['1', 'toggle_mute'],
      ['2', 'admin_toggle_conference_lock'],
      ['3', 'admin_kick_last'],
      ['4', 'decrease_listening_volume'],
      ['6', 'increase_listening_volume'],
      ['0', 'admin_toggle_mute_participants'],
    ]),
  ];
  for (const c of model.conferences) {
    if (c.user_pin && c.admin_pin && c.user_pin === c.admin_pin) {
      problems.error('confbridge.conf', texts('voiceConfig.meetingRoomMemberHost', { number: c.number }));
    }
    if (c.wait_admin && !c.admin_pin) {
      problems.warn('confbridge.conf', texts('voiceConfig.meetingRoomWaitsHost', { number: c.number }));
    }
    const bridge: Line[] = [
      ['type', 'bridge'],
      ['max_members', c.max_members],
      ['record_conference', yesNo(c.record)],
      ['language', model.basic.language],
    ];
    const user: Line[] = [
      ['type', 'user'],
      ['announce_join_leave', yesNo(c.announce_join)],
      ['music_on_hold_when_empty', yesNo(c.moh_when_alone)],
      ['music_on_hold_class', moh],
      ['wait_marked', yesNo(c.wait_admin)],
      ['end_marked', yesNo(c.wait_admin)],
      ['dsp_drop_silence', 'yes'],
    ];
    const admin: Line[] = [
      ['type', 'user'],
      ['admin', 'yes'],
      ['marked', 'yes'],
      ['announce_join_leave', yesNo(c.announce_join)],
      ['music_on_hold_when_empty', yesNo(c.moh_when_alone)],
      ['music_on_hold_class', moh],
      ['dsp_drop_silence', 'yes'],
    ];
    parts.push(section(`igs-bridge-${c.id}`, bridge, `Meeting room ${c.number} ${c.name}`));
    parts.push(section(`igs-user-${c.id}`, user));
    // The PINs are asked by the dialplan, which picks the profile; none are kept here.
    if (c.admin_pin) parts.push(section(`igs-admin-${c.id}`, admin));
  }
  return parts.join('\n');
}

export function rtpConf(model: VoiceModel): string {
  const b = model.basic;
  const lines: Line[] = [
    ['rtpstart', b.rtp_start],
    ['rtpend', b.rtp_end],
    ['strictrtp', 'yes'],
    ['rtpchecksums', 'no'],
    ['icesupport', yesNo(webrtcExtensionIds(model).size > 0)],
  ];
  return [header('rtp.conf'), section('general', lines)].join('\n');
}

export function featuresConf(model: VoiceModel): string {
  const a = model.advanced;
  const featuremap: Line[] = [
    ['blindxfer', '#1'],
    ['atxfer', '*2'],
    ['disconnect', '*0'],
  ];
  if (a.record_policy === 'on_demand') featuremap.push(['automixmon', '*3']);
  return [
    header('features.conf'),
    section('general', [
      ['transferdigittimeout', 3],
      ['featuredigittimeout', 1000],
      ['atxfernoanswertimeout', a.ring_timeout],
      ['pickupexten', a.fc_pickup],
      ['pickupsound', 'beep'],
    ]),
    section('featuremap', featuremap),
  ].join('\n');
}

export function voicemailConf(model: VoiceModel, problems: Problems, opts: GenerateOptions): string {
  const boxes = model.extensions.filter((e) => e.voicemail && /^\d{1,16}$/.test(e.extension));
  const lines: string[] = [];
  for (const e of boxes) {
    if (!e.vm_pin) {
      problems.warn(
        'voicemail.conf',
        texts('voiceConfig.extensionVoicemailWithoutPin', { extension: e.extension }),
      );
    }
    const pin = e.vm_pin ? secret(e.vm_pin, opts) : '';
    lines.push(`${e.extension} => ${pin},${dialText(e.name, 40)}`);
  }
  return [
    header('voicemail.conf'),
    section('general', [
      ['format', 'wav49|wav'],
      ['attach', 'no'],
      ['maxmsg', 100],
      ['maxsecs', 180],
      ['minsecs', 2],
    ]),
    `[default]\n${lines.join('\n')}${lines.length ? '\n' : ''}`,
  ].join('\n');
}
