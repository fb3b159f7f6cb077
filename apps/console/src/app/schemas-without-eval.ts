/**
 * The console runs under a Content-Security-Policy without 'unsafe-eval' (docs/security.md). Zod
 * compiles fast object parsers with `new Function` where it may, and finds out by trying: even the
 * caught attempt is reported as a policy violation. A schema decides when it is built, so zod must
 * be told before the first one is: this runs first of all (main.tsx imports it before anything).
 *
 * Zod 4 keeps its settings in `globalThis.__zod_globalConfig` (one object shared by every copy of
 * zod a page loads), takes the one it finds there, and `config()` writes to it. Setting it here
 * rather than calling zod's `config` keeps zod off the sign-in page: only the pages that validate
 * with it load it (build/call-refs.ts). schemas-without-eval.test.ts fails if zod stops reading it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
