/**
 * Vendor tool: builds a signed upgrade package (DOMAIN authorise/Upgrade) from a folder holding
 * the files of a release.
 *
 *   node tools/sign-package.ts --key <vendor-private.pem> --dir <release folder> --version 1.2.3
 *        [--build <id>] [--changelog <file>] --out igs-gateway-1.2.3.tar.gz
 *
 * The package is a tar.gz of manifest.json (version, build, changelog, the size and SHA-256 of
 * the payload and of every file), payload.tar.gz (the folder) and signature.sig (Ed25519 over
 * the hashes of both). The gateway refuses a package whose signature or any checksum fails.
 * Key pair: `node tools/issue-licence.ts --generate-keys <dir>` (the same vendor key).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { buildPackage } from '../apps/server/src/features/upgrade/package.ts';

const { values } = parseArgs({
  options: {
    key: { type: 'string' },
    dir: { type: 'string' },
    version: { type: 'string' },
    build: { type: 'string' },
    changelog: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(text: string): never {
  process.stderr.write(`sign-package: ${text}\n`);
  process.exit(1);
}

if (values.help || !values.key || !values.dir || !values.version || !values.out) {
  process.stdout.write(
    'usage: node tools/sign-package.ts --key <private.pem> --dir <release folder> --version <x.y.z> [--build <id>] [--changelog <file>] --out <package.tar.gz>\n',
  );
  process.exit(values.help ? 0 : 1);
}
if (!fs.statSync(values.dir, { throwIfNoEntry: false })?.isDirectory()) fail(`${values.dir} is not a folder`);

try {
  const manifest = await buildPackage({
    privateKeyPem: fs.readFileSync(values.key, 'utf8'),
    sourceDir: values.dir,
    version: values.version,
    build: values.build ?? '',
    changelog: values.changelog ? fs.readFileSync(values.changelog, 'utf8') : '',
    outFile: values.out,
  });
  process.stderr.write(
    `wrote ${values.out}: ${manifest.product} ${manifest.version}, ${manifest.files.length} files, payload sha256 ${manifest.payload.sha256}\n`,
  );
} catch (e) {
  fail((e as Error).message);
}
