import { LICENCE_FORMAT, type Licence, LicenceBody } from '../../platform/licence/licence.ts';
import { canonicalJson, signBytes } from '../../platform/licence/signing.ts';

/**
 * The vendor side of a licence: checks the body against the schema the server reads and signs
 * its canonical JSON. Used by tools/issue-licence.ts (and by tests, with their own key pair).
 */
export function issueLicence(
  body: unknown,
  privateKeyPem: string,
): { format: string; licence: Licence; signature: string } {
  const parsed = LicenceBody.safeParse(body);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new Error(`licence ${i.path.join('.') || 'body'}: ${i.message}`);
  }
  const licence = parsed.data;
  return {
    format: LICENCE_FORMAT,
    licence,
    signature: signBytes(privateKeyPem, Buffer.from(canonicalJson(licence), 'utf8')),
  };
}
