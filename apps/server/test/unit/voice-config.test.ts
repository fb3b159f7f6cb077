// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Asterisk dialplan text, where ${...} is Asterisk's own variable syntax
import { describe, expect, it } from 'vitest';
import { checkVoiceFiles } from '../../src/features/voice/config/check.ts';
import { patternMatches } from '../../src/features/voice/config/conf-parser.ts';
import { generateVoiceConfig } from '../../src/features/voice/config/generate.ts';
import { VOICE_FILES, type VoiceFile } from '../../src/features/voice/config/model.ts';
import { voiceFixture } from './voice-fixture.ts';

/** The block of `text` that starts with `start` and runs to the next blank line. */
function block(text: string, start: string): string {
  const i = text.indexOf(start);
  if (i < 0) throw new Error(`no block starting with ${JSON.stringify(start)}`);
  const end = text.indexOf('\n\n', i);
  return text.slice(i, end < 0 ? undefined : end + 1);
}

function errorsOf(files: Record<VoiceFile, string>, file: VoiceFile): string[] {
  return checkVoiceFiles(files)
    .find((c) => c.file === file)!
    .errors.map((e) => e.en);
}

describe('voice configuration generation (golden)', () => {
  const { files, problems } = generateVoiceConfig(voiceFixture());

  it('writes every file and the fixture passes its own check', () => {
    expect(Object.keys(files)).toEqual([...VOICE_FILES]);
    expect(problems).toEqual([]);
    for (const c of checkVoiceFiles(files))
      expect(
        c.errors.map((e) => e.en),
        c.file,
      ).toEqual([]);
  });

  it('pjsip.conf: transport with NAT, endpoint/auth/aor per extension', () => {
    const p = files['pjsip.conf'];
    expect(block(p, '[transport-udp]')).toBe(
      '[transport-udp]\ntype=transport\nprotocol=udp\nbind=0.0.0.0:5060\nexternal_media_address=203.0.113.5\nexternal_signaling_address=203.0.113.5\nlocal_net=192.168.1.0/24\n',
    );
    expect(block(p, '[8001]\ntype=endpoint')).toBe(
      [
        '[8001]',
        'type=endpoint',
        'context=from-internal-local',
        'disallow=all',
        'allow=alaw,ulaw,g722',
        'dtmf_mode=rfc4733',
        'language=zh',
        'auth=8001-auth',
        'aors=8001',
        'callerid="Room 8001" <8001>',
        'direct_media=no',
        'moh_suggest=default',
        'device_state_busy_at=1',
        'rtp_symmetric=yes',
        'force_rport=yes',
        'rewrite_contact=yes',
        'mailboxes=8001@default',
        'call_group=1',
        'pickup_group=1',
        '',
      ].join('\n'),
    );
    expect(block(p, '[8001-auth]')).toBe(
      '[8001-auth]\ntype=auth\nauth_type=userpass\nusername=8001\npassword=secret-8001-abcdef\n',
    );
    expect(block(p, '[8001]\ntype=aor')).toBe(
      '[8001]\ntype=aor\nmax_contacts=1\nremove_existing=yes\nqualify_frequency=60\n',
    );
    expect(p).toContain('[8002]\ntype=endpoint\ncontext=from-internal-international\n');
    expect(p).toContain('set_var=IGS_OUTCID=02150001\n');
  });

  it('pjsip.conf: a registering trunk gets endpoint, auth, aor, registration and identify', () => {
    const p = files['pjsip.conf'];
    expect(block(p, '[trunk-telecom-reg]')).toBe(
      [
        '[trunk-telecom-reg]',
        'type=registration',
        'transport=transport-udp',
        'outbound_auth=trunk-telecom-auth',
        'server_uri=sip:sip.example.net:5060',
        'client_uri=sip:02150000@sip.example.net:5060',
        'contact_user=02150000',
        'retry_interval=60',
        'forbidden_retry_interval=600',
        'expiration=3600',
        'line=yes',
        'endpoint=trunk-telecom',
        '',
      ].join('\n'),
    );
    expect(block(p, '[trunk-telecom]\ntype=aor')).toBe(
      '[trunk-telecom]\ntype=aor\ncontact=sip:sip.example.net:5060\nqualify_frequency=60\n',
    );
    expect(block(p, '[trunk-telecom-identify]')).toBe(
      '[trunk-telecom-identify]\ntype=identify\nendpoint=trunk-telecom\nmatch=sip.example.net\n',
    );
    expect(p).toContain('outbound_auth=trunk-telecom-auth\n');
  });

  it('extensions_igs.conf: globals with feature codes, permission contexts in route order', () => {
    const d = files['extensions_igs.conf'];
    expect(block(d, '[globals]')).toBe(
      '[globals]\nRINGTIME=30\nMAXCALL=0\nRECORD_POLICY=never\nMOH_CLASS=default\nLANGUAGE=zh\nDIALOPTS=tT\nFC_PICKUP=*8\nFC_DND_ON=*78\nFC_DND_OFF=*79\nFC_WAKEUP=*68\nFC_CF_ON=*72\nFC_CF_OFF=*73\n',
    );
    // The emergency route (seq 0) reaches every permission; international also gets route 2.
    expect(block(d, '[from-internal-internal]')).toBe(
      '[from-internal-internal]\ninclude => igs-features\ninclude => igs-local\ninclude => igs-outrt-3\n',
    );
    expect(block(d, '[from-internal-local]')).toBe(
      '[from-internal-local]\ninclude => igs-features\ninclude => igs-local\ninclude => igs-outrt-3\ninclude => igs-outrt-1\n',
    );
    expect(block(d, '[from-internal-international]')).toContain(
      'include => igs-outrt-1\ninclude => igs-outrt-2\n',
    );
    expect(d).toContain('exten => *78,1,Answer()\n same => n,Set(DB(DND/${CALLERID(num)})=1)\n');
    expect(d).toContain('exten => *8,1,Pickup()\n');
  });

  it('extensions_igs.conf: extensions, meeting room, queue, paging, IVR and routes', () => {
    const d = files['extensions_igs.conf'];
    expect(block(d, '[igs-extensions]')).toBe(
      [
        '[igs-extensions]',
        'exten => 8001,hint,PJSIP/8001',
        'exten => 8001,1,Gosub(igs-dial-ext,s,1(8001,0,,,,1,inherit,0,from-internal-local))',
        ' same => n,Hangup()',
        'exten => 8002,hint,PJSIP/8002',
        'exten => 8002,1,Gosub(igs-dial-ext,s,1(8002,0,,8001,,0,inherit,0,from-internal-international))',
        ' same => n,Hangup()',
        '',
      ].join('\n'),
    );
    expect(d).toContain(
      [
        'exten => 6000,1,Answer()',
        ' same => n,Set(IGS_TRIES=0)',
        ' same => n(pin),Read(IGS_PIN,conf-getpin,16,,1,10)',
        ' same => n,GotoIf($["${IGS_PIN}" = "9999"]?admin)',
        ' same => n,GotoIf($["${IGS_PIN}" = "1111"]?user)',
        ' same => n,Set(IGS_TRIES=$[${IGS_TRIES} + 1])',
        ' same => n,Playback(conf-invalidpin)',
        ' same => n,GotoIf($[${IGS_TRIES} < 3]?pin)',
        ' same => n,Hangup()',
        ' same => n(user),ConfBridge(6000,igs-bridge-1,igs-user-1,igs-user-menu)',
        ' same => n,Hangup()',
        ' same => n(admin),ConfBridge(6000,igs-bridge-1,igs-admin-1,igs-admin-menu)',
        ' same => n,Hangup()',
      ].join('\n'),
    );
    expect(d).toContain(
      'exten => 6500,1,Answer()\n same => n,Queue(6500,t,,,120)\n same => n,VoiceMail(8001@default,u)\n',
    );
    expect(d).toContain('exten => 6600,1,Page(PJSIP/8001&PJSIP/8002,isb(igs-page-autoanswer^s^1),60)\n');
    expect(d).toContain('exten => 7000,1,Goto(igs-ivr-1,s,1)\n');
    expect(block(d, '[from-trunk]')).toBe(
      [
        '[from-trunk]',
        'exten => 02150000,1,NoOp(Inbound route: Main number)',
        ' same => n,GotoIfTime(08:00-18:00,mon&tue&wed&thu&fri,*,*?open)',
        ' same => n,Goto(igs-local,8002,1)',
        ' same => n(open),Goto(igs-ivr-1,s,1)',
        '',
      ].join('\n'),
    );
    expect(block(d, '[igs-outrt-2]')).toBe(
      [
        '[igs-outrt-2]',
        'exten => _900X.,1,NoOp(Outbound route: world)',
        ' same => n,Authenticate(2468)',
        ' same => n,Set(IGS_NUM=${EXTEN:1})',
        ' same => n,Gosub(igs-dial-trunk,s,1(trunk-telecom,${IGS_NUM},,30,02150000))',
        ' same => n,Congestion(5)',
        '',
      ].join('\n'),
    );
    expect(block(d, '[igs-ivr-1]')).toContain(
      'exten => 1,1,Goto(igs-local,6500,1)\nexten => 0,1,Goto(igs-local,8002,1)\n',
    );
  });

  it('queues.conf, confbridge.conf, rtp.conf, features.conf and voicemail.conf', () => {
    expect(block(files['queues.conf'], '[6500]')).toBe(
      [
        '[6500]',
        'strategy=rrmemory',
        'timeout=15',
        'retry=5',
        'wrapuptime=0',
        'maxlen=0',
        'joinempty=no',
        'leavewhenempty=no',
        'announce-position=yes',
        'announce-frequency=30',
        'musicclass=default',
        'ringinuse=no',
        'member => PJSIP/8001,0,Room 8001,PJSIP/8001',
        'member => PJSIP/8002,2,Front desk,PJSIP/8002',
        '',
      ].join('\n'),
    );
    expect(block(files['confbridge.conf'], '[igs-bridge-1]')).toBe(
      '[igs-bridge-1]\ntype=bridge\nmax_members=20\nrecord_conference=no\nlanguage=zh\n',
    );
    expect(files['confbridge.conf']).toContain('[igs-admin-1]\ntype=user\nadmin=yes\nmarked=yes\n');
    expect(block(files['rtp.conf'], '[general]')).toBe(
      '[general]\nrtpstart=10000\nrtpend=20000\nstrictrtp=yes\nrtpchecksums=no\nicesupport=no\n',
    );
    expect(block(files['features.conf'], '[general]')).toContain('pickupexten=*8\n');
    expect(block(files['features.conf'], '[featuremap]')).toBe(
      '[featuremap]\nblindxfer=#1\natxfer=*2\ndisconnect=*0\n',
    );
    expect(files['voicemail.conf']).toContain('[default]\n8001 => 4321,Room 8001\n');
  });

  it('follows the settings: TCP and TLS transports, recording on demand, call limit, feature codes', () => {
    const m = voiceFixture();
    m.basic = {
      ...m.basic,
      sip_tcp: 1,
      sip_tls_port: 5061,
      sip_udp_port: 5070,
      codecs: ['g722', 'alaw'],
      dtmf_mode: 'info',
    };
    m.advanced = {
      ...m.advanced,
      record_policy: 'on_demand',
      max_call_s: 3600,
      fc_dnd_on: '*90',
      ring_timeout: 45,
    };
    const g = generateVoiceConfig(m);
    expect(g.files['pjsip.conf']).toContain(
      '[transport-tcp]\ntype=transport\nprotocol=tcp\nbind=0.0.0.0:5070\n',
    );
    expect(g.files['pjsip.conf']).toContain(
      '[transport-tls]\ntype=transport\nprotocol=tls\nbind=0.0.0.0:5061\n',
    );
    expect(g.files['pjsip.conf']).toContain('allow=g722,alaw\ndtmf_mode=info\n');
    expect(g.files['extensions_igs.conf']).toContain('DIALOPTS=tTxXS(3600)\n');
    expect(g.files['extensions_igs.conf']).toContain('RINGTIME=45\n');
    expect(g.files['extensions_igs.conf']).toContain('exten => *90,1,Answer()\n');
    expect(g.files['features.conf']).toContain('automixmon=*3\n');
    expect(g.problems.map((p) => p.msg.en)).toEqual([expect.stringContaining('needs a certificate')]);
    for (const c of checkVoiceFiles(g.files)) expect(c.errors, c.file).toEqual([]);
  });

  it('pages the extensions of an area and of the areas below it', () => {
    const m = voiceFixture();
    m.areas = [
      { id: 1, parent_id: null },
      { id: 2, parent_id: 1 },
      { id: 3, parent_id: 2 },
    ];
    m.extensions[0]!.area_id = 3;
    m.paging[0]!.members = { extensions: [], area_ids: [1] };
    expect(generateVoiceConfig(m).files['extensions_igs.conf']).toContain('exten => 6600,1,Page(PJSIP/8001,');
  });

  it('round robin groups rotate the trunk order', () => {
    const m = voiceFixture();
    m.trunks.push({
      ...m.trunks[0]!,
      id: 2,
      name: 'unicom',
      username: 'u2',
      registration: 'none',
      auth: 'none',
    });
    m.trunkGroups[0] = { ...m.trunkGroups[0]!, strategy: 'round_robin', trunk_ids: [1, 2] };
    const d = generateVoiceConfig(m).files['extensions_igs.conf'];
    const rr = block(d, '[igs-outrt-1]');
    expect(rr).toContain(
      ' same => n,Set(GLOBAL(IGS_RR_1)=$[(0${IGS_RR_1} + 1) % 2])\n same => n,Goto(rr${IGS_RR_1})\n',
    );
    expect(rr).toContain(' same => n(rr0),Gosub(igs-dial-trunk,s,1(trunk-telecom,');
    expect(rr).toContain(' same => n(rr1),Gosub(igs-dial-trunk,s,1(trunk-unicom,');
    expect(checkVoiceFiles(generateVoiceConfig(m).files).every((c) => c.ok)).toBe(true);
  });

  it('masks secrets for the viewer, and the disk copy carries them', () => {
    const masked = generateVoiceConfig(voiceFixture(), { mask: true }).files;
    expect(masked['pjsip.conf']).not.toContain('secret-8001-abcdef');
    expect(masked['pjsip.conf']).not.toContain('trunk-pass');
    expect(masked['pjsip.conf']).toContain('password=********');
    expect(masked['extensions_igs.conf']).not.toMatch(/9999|1111|2468/);
    expect(masked['voicemail.conf']).toContain('8001 => ********,Room 8001');
  });

  it('user text cannot break a line, start a comment or expand a variable', () => {
    const m = voiceFixture();
    m.extensions[0]!.name = 'Evil\n[global]\ntype=global ; ${SHELL(rm -rf /)}';
    m.conferences[0]!.name = 'Room\n[x]';
    m.trunks[0]!.secret = 'pa;ss\nword';
    const g = generateVoiceConfig(m);
    expect(g.files['pjsip.conf']).toContain('callerid="Evil global type=global  SHELLrm -rf /" <8001>');
    expect(g.files['pjsip.conf']).toContain('password=pa\\;ss word\n');
    expect(g.files['extensions_igs.conf']).not.toContain('${SHELL');
    for (const c of checkVoiceFiles(g.files)) expect(c.errors, c.file).toEqual([]);
  });

  it('reports what it had to leave out: bad patterns, missing destinations, extensions without a secret', () => {
    const m = voiceFixture();
    m.outboundRoutes[0]!.patterns = [{ match: '9;DROP' }];
    m.inboundRoutes[0]!.dest = { type: 'queue', target: '9999' };
    m.extensions[1]!.secret = '';
    const g = generateVoiceConfig(m);
    const msgs = g.problems.map((p) => `${p.file}: ${p.msg.en}`);
    expect(msgs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^extensions_igs.conf: Outbound route city: pattern .* is not a valid Asterisk pattern/,
        ),
        expect.stringMatching(
          /^extensions_igs.conf: Inbound route Main number: destination queue "9999" does not exist/,
        ),
        'pjsip.conf: Extension 8002 has no SIP password: left out, it cannot register',
      ]),
    );
    expect(g.files['pjsip.conf']).not.toContain('[8002]');
    const checks = checkVoiceFiles(g.files, g.problems);
    // Not ok, but the text itself is valid: what is left is consistent.
    expect(checks.find((c) => c.file === 'pjsip.conf')).toMatchObject({ ok: false, valid: true });
    expect(checks.every((c) => c.valid)).toBe(true);
  });

  it('leaves out a trunk whose transport is off, and the routes dial only the trunks left', () => {
    const m = voiceFixture();
    m.trunks.push({ ...m.trunks[0]!, id: 2, name: 'unicom', transport: 'tcp' });
    m.trunkGroups[0]!.trunk_ids = [2, 1];
    const g = generateVoiceConfig(m);
    expect(g.problems.map((p) => p.msg.en)).toEqual([
      'Trunk unicom uses TCP, which is off in the basic settings: left out',
    ]);
    expect(g.files['pjsip.conf']).not.toContain('trunk-unicom');
    expect(g.files['extensions_igs.conf']).not.toContain('trunk-unicom');
    expect(checkVoiceFiles(g.files, g.problems).every((c) => c.valid)).toBe(true);
    m.basic.sip_tcp = 1;
    const on = generateVoiceConfig(m);
    expect(on.problems).toEqual([]);
    expect(block(on.files['extensions_igs.conf'], '[igs-outrt-1]')).toContain(
      ' same => n,Gosub(igs-dial-trunk,s,1(trunk-unicom,${IGS_NUM},,30,02150000))\n same => n,Gosub(igs-dial-trunk,s,1(trunk-telecom,',
    );
  });
});

describe('voice configuration check', () => {
  const good = generateVoiceConfig(voiceFixture()).files;
  const edit = (file: VoiceFile, f: (t: string) => string) => ({ ...good, [file]: f(good[file]) });

  it('finds duplicate sections, but allows pjsip objects of different types to share a name', () => {
    expect(errorsOf(good, 'pjsip.conf')).toEqual([]);
    const dup = edit(
      'pjsip.conf',
      (t) => `${t}\n[8001-auth]\ntype=auth\nauth_type=userpass\nusername=x\npassword=y\n`,
    );
    expect(errorsOf(dup, 'pjsip.conf')).toEqual([
      expect.stringMatching(/section \[8001-auth\] repeats the one on line \d+/),
    ]);
    const q = edit('queues.conf', (t) => `${t}\n[6500]\nstrategy=ringall\n`);
    expect(errorsOf(q, 'queues.conf')[0]).toMatch(/section \[6500\] repeats/);
  });

  it('finds missing required keys, unknown keys and unknown types', () => {
    const noPass = edit('pjsip.conf', (t) => t.replace('password=secret-8001-abcdef\n', ''));
    expect(errorsOf(noPass, 'pjsip.conf')).toContain('[8001-auth] (auth) lacks the required key "password"');
    const unknown = edit('pjsip.conf', (t) => t.replace('direct_media=no\n', 'direct_mediaa=no\n'));
    expect(errorsOf(unknown, 'pjsip.conf')[0]).toMatch(/has an unknown key "direct_mediaa"/);
    const type = edit('pjsip.conf', (t) => t.replace('type=identify', 'type=identity'));
    expect(errorsOf(type, 'pjsip.conf')[0]).toMatch(/unknown type "identity"/);
    const strategy = edit('queues.conf', (t) => t.replace('strategy=rrmemory', 'strategy=fastest'));
    expect(errorsOf(strategy, 'queues.conf')).toEqual(['[6500] has no valid strategy']);
  });

  it('resolves references: auth, aor, transport, context, mailbox, queue, bridge profiles, labels', () => {
    const auth = edit('pjsip.conf', (t) => t.replace('auth=8001-auth', 'auth=8009-auth'));
    expect(errorsOf(auth, 'pjsip.conf')).toEqual(['[8001] auth=8009-auth: no auth section of that name']);
    const ctx = edit('pjsip.conf', (t) => t.replace('context=from-internal-local', 'context=from-nowhere'));
    expect(errorsOf(ctx, 'pjsip.conf')).toEqual([
      '[8001] context=from-nowhere: extensions_igs.conf has no such context',
    ]);
    const tcp = edit('pjsip.conf', (t) =>
      t.replace('transport=transport-udp\ncontext', 'transport=transport-tcp\ncontext'),
    );
    expect(errorsOf(tcp, 'pjsip.conf')).toEqual([
      '[trunk-telecom] transport=transport-tcp: no transport section of that name',
    ]);
    const noQueue = edit('queues.conf', (t) => t.replace('[6500]', '[6501]'));
    expect(errorsOf(noQueue, 'extensions_igs.conf')).toEqual([
      expect.stringMatching(/queue 6500 is not in queues.conf/),
    ]);
    const noMailbox = edit('voicemail.conf', (t) => t.replace('8001 => 4321,Room 8001\n', ''));
    expect(errorsOf(noMailbox, 'pjsip.conf')).toEqual([
      '[8001] mailboxes=8001@default: voicemail.conf has no such box',
    ]);
    const label = edit('extensions_igs.conf', (t) => t.replace(' same => n(admin),', ' same => n,'));
    expect(errorsOf(label, 'extensions_igs.conf')).toEqual([
      expect.stringMatching(/\[igs-local\] 6000: Goto label "admin" does not exist/),
    ]);
    const goto = edit('extensions_igs.conf', (t) =>
      t.replace('Goto(igs-local,6500,1)', 'Goto(igs-local,6599,1)'),
    );
    expect(errorsOf(goto, 'extensions_igs.conf')).toEqual([
      expect.stringMatching(/\[igs-local\] has no extension 6599/),
    ]);
  });

  it('finds a number defined twice in one context, a bad priority and an unknown application', () => {
    const twice = edit('extensions_igs.conf', (t) => t.replace('exten => 7000,1,', 'exten => 6600,1,'));
    expect(errorsOf(twice, 'extensions_igs.conf')).toEqual([
      expect.stringMatching(/\[igs-local\] extension 6600 is defined twice/),
    ]);
    const prio = edit('extensions_igs.conf', (t) => t.replace('exten => 7000,1,', 'exten => 7000,2,'));
    expect(errorsOf(prio, 'extensions_igs.conf')[0]).toMatch(/7000 does not start at priority 1/);
    const app = edit('extensions_igs.conf', (t) => t.replace('Pickup()', 'System(rm -rf /)'));
    expect(errorsOf(app, 'extensions_igs.conf')).toEqual([
      expect.stringMatching(/unknown application System/),
    ]);
    const broken = edit('extensions_igs.conf', (t) =>
      t.replace('exten => *8,1,Pickup()', 'exten => *8,1,Pickup('),
    );
    expect(errorsOf(broken, 'extensions_igs.conf')[0]).toMatch(/is not an application call/);
  });

  it('checks the RTP range, feature keys and lines that are not settings', () => {
    const rtp = edit('rtp.conf', (t) => t.replace('rtpend=20000', 'rtpend=9000'));
    expect(errorsOf(rtp, 'rtp.conf')).toEqual(['the RTP range 10000–9000 is not valid']);
    const keys = edit('features.conf', (t) => t.replace('atxfer=*2', 'atxfer=#1'));
    expect(errorsOf(keys, 'features.conf')).toEqual(['atxfer and blindxfer use the same keys #1']);
    const junk = edit('rtp.conf', (t) => `${t}hello world\n`);
    expect(errorsOf(junk, 'rtp.conf')[0]).toMatch(/is neither a section, a setting nor a comment/);
  });

  it('matches Asterisk patterns', () => {
    expect(patternMatches('_9NXXXXXXX', '921234567')).toBe(true);
    expect(patternMatches('_9NXXXXXXX', '911234567')).toBe(false);
    expect(patternMatches('_900X.', '90086123')).toBe(true);
    expect(patternMatches('_9[1-3]X', '925')).toBe(true);
    expect(patternMatches('_9[1-3]X', '945')).toBe(false);
    expect(patternMatches('8001', '8001')).toBe(true);
  });
});
