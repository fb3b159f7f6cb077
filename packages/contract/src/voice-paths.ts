/**
 * The voice module's endpoints (DOMAIN section 2.2). A module of their own: the voice pages' calls
 * name them, and the console's build keeps those pages from loading the settings' rules with them
 * (apps/console/build/call-refs.ts).
 */
export const VoicePaths = {
  management: '/admin.php/voice/management',
  basic: '/admin.php/voice/basic',
  advanced: '/admin.php/voice/advanced',
  calls: '/admin.php/voice/calls',
} as const;
