/**
 * `asterisk -rx 'pjsip show contacts'` as Asterisk 18 and 20 print it, character for character:
 * res_pjsip/location.c formats each contact as "%*s:  %s/%-*.*s %-10.10s %-7.7s %11.3f" with the
 * title indented to 9 (CLI_INDENT_TO_SPACES(0)), the URI cut to its column (45 minus the AOR's
 * length: CLI_LAST_TABSTOP 62), the first 10 characters of the contact's hash, the short status
 * (Avail, Unavail, NonQual, Created, Removed) and the RTT in ms ("nan" while not qualified),
 * after pjsip_cli.c's header and rule. 8005's and 8006's URIs are cut as Asterisk cuts them.
 */
export const CONTACTS_20 = [
  '',
  '  Contact:  <Aor/ContactUri..............................> <Hash....> <Status> <RTT(ms)..>',
  ' =========================================================================================',
  '',
  '  Contact:  8001/sip:8001@192.168.1.50:5060;ob             be7eb1ea38 Avail        12.345',
  '  Contact:  8002/sip:8002@192.168.1.51:5060                92f670816a Unavail       0.000',
  '  Contact:  8002/sip:8002@192.168.1.52:5062;ob             399608a8c6 Avail         3.200',
  '  Contact:  8003/sip:8003@192.168.1.53:5060                37088e17e7 Unavail       0.000',
  '  Contact:  8004/sip:8004@192.168.1.54:5060                ba7bea314b NonQual         nan',
  '  Contact:  8005/sip:8005@[2001:db8:85a3::8a2e:370:7334]:5 4899d3698a Avail         8.000',
  '  Contact:  8006/sip:8006@10.0.0.7:5062;transport=tcp;rins 3fe050dc7d Avail         1.500',
  '  Contact:  8007/sip:8007@192.168.1.57:5060                af8e89ded9 Created       0.000',
  '  Contact:  8008/sip:8008@192.168.1.58:5060                12c7018dd7 Removed       0.000',
  '  Contact:  trunk-telecom/sip:sip.example.net:5060         d6d355e317 Avail        21.000',
  '',
].join('\n');

/** The same command with no contact registered: pjsip_cli.c prints this line instead of the table. */
export const NO_CONTACTS = 'No objects found.\n\n';

/** A console whose res_pjsip is not loaded. */
export const NO_PJSIP =
  "No such command 'pjsip show contacts' (type 'core show help pjsip show' for other possible commands)\n";
