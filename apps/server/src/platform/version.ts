/**
 * The product version, and the build of this copy: `IGS_BUILD` (set by the release build or the
 * service unit), else `dev` for a copy run from a source checkout.
 */
export const VERSION = '0.1.0';

export const BUILD = process.env.IGS_BUILD || 'dev';
