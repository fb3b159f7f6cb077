/**
 * Vendor tool: issues signed licence files for the gateway (DOMAIN authorise/License).
 *
 *   node tools/issue-licence.ts --generate-keys <dir>
 *       Makes an Ed25519 key pair: <dir>/vendor-private.pem (mode 600) and <dir>/vendor-public.pem.
 *       Keep the private key OUT of the repository. The public key goes into
 *       apps/server/src/platform/licence/public-key.ts.
 *
 *   node tools/issue-licence.ts --key <vendor-private.pem> --in <licence.json> [--request <request.json>] [--out <file>]
 *       Signs a licence. <licence.json> holds the fields: product ("igs-gateway"), serial_no,
 *       machine_code (one machine) or machine_codes (the machines of a fleet), customer, issued_at, expires_at (YYYY-MM-DD, or null for no expiry),
 *       limits {terminals, extensions, aps, cpes, channels, sites} (a number, or null for no limit)
 *       and modules (voice, video, ac, tr069, media, advertising, smart, aiso).
 *       --request takes the machine codes from a machine-code request exported by the License page:
 *       every running instance's machine (machine_codes), or machine_code when there is one.
 *       Writes the signed file to --out, or to standard output.
 *
 * Needs Node 24 (TypeScript type stripping); run from the repository root.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { issueLicence } from '../apps/server/src/features/licence/issue.ts';
import { generateKeyPair } from '../apps/server/src/platform/licence/signing.ts';

const { values } = parseArgs({
  options: {
    'generate-keys': { type: 'string' },
    key: { type: 'string' },
    in: { type: 'string' },
    request: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(text: string): never {
  process.stderr.write(`issue-licence: ${text}\n`);
  process.exit(1);
}

if (values.help || (!values['generate-keys'] && !values.key)) {
  process.stdout.write(
    'usage:\n  node tools/issue-licence.ts --generate-keys <dir>\n  node tools/issue-licence.ts --key <private.pem> --in <licence.json> [--request <request.json>] [--out <file>]\n',
  );
  process.exit(values.help ? 0 : 1);
}

if (values['generate-keys']) {
  const dir = path.resolve(values['generate-keys']);
  const priv = path.join(dir, 'vendor-private.pem');
  if (fs.existsSync(priv)) fail(`${priv} exists already; refusing to overwrite a private key`);
  fs.mkdirSync(dir, { recursive: true });
  const { publicKey, privateKey } = generateKeyPair();
  fs.writeFileSync(priv, privateKey, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, 'vendor-public.pem'), publicKey);
  process.stdout.write(
    `wrote ${priv} (keep it secret, outside the repository)\nwrote ${path.join(dir, 'vendor-public.pem')}:\n${publicKey}`,
  );
  process.exit(0);
}

if (!values.in) fail('--in <licence.json> is required');
let body: Record<string, unknown>;
try {
  body = JSON.parse(fs.readFileSync(values.in, 'utf8'));
} catch (e) {
  fail(`cannot read ${values.in}: ${(e as Error).message}`);
}
if (values.request) {
  const request = JSON.parse(fs.readFileSync(values.request, 'utf8')) as {
    machine_code?: string;
    machine_codes?: unknown;
  };
  // A fleet's request lists every running instance's machine (machine_codes); an older one names one.
  const listed = Array.isArray(request.machine_codes)
    ? request.machine_codes.filter((c): c is string => typeof c === 'string' && c !== '')
    : [];
  const codes = [...new Set([...listed, ...(request.machine_code ? [request.machine_code] : [])])];
  if (codes.length === 0) fail(`${values.request} has no machine_code`);
  delete body.machine_code;
  delete body.machine_codes;
  if (codes.length === 1) body.machine_code = codes[0];
  else body.machine_codes = codes;
}
let signed: ReturnType<typeof issueLicence>;
try {
  signed = issueLicence(body, fs.readFileSync(values.key!, 'utf8'));
} catch (e) {
  fail((e as Error).message);
}
const text = `${JSON.stringify(signed, null, 2)}\n`;
if (values.out) {
  fs.writeFileSync(values.out, text);
  process.stderr.write(
    `wrote ${values.out} (serial ${signed.licence.serial_no}, machines ${[signed.licence.machine_code, ...(signed.licence.machine_codes ?? [])].filter(Boolean).join(', ')})\n`,
  );
} else process.stdout.write(text);
