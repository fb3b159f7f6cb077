import { config } from 'zod';

/**
 * The console runs under a Content-Security-Policy without 'unsafe-eval' (docs/security.md). Zod
 * compiles fast object parsers with `new Function` where it may, and finds out by trying: even the
 * caught attempt is reported as a policy violation. Its parsers are built when the contract's
 * schemas are made, so this runs first of all (main.tsx imports it before anything else).
 */
config({ jitless: true });
