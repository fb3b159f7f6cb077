/**
 * The vendor's Ed25519 public key (SPKI, PEM). Licence files and upgrade packages must carry a
 * signature made with the matching private key, which is kept by the vendor and never in this
 * repository (docs/operator-guide.md, "Licences and upgrade packages"). Tests and private builds
 * pass another key through the configuration (`Config.vendorPublicKey`).
 */
export const VENDOR_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAOznS7pR9yEsaGbekRhHc/mJZLFA8v0pXlQ47e3txwSI=
-----END PUBLIC KEY-----
`;
