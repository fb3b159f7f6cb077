/**
 * Calls beside the record modules (issue 5): singletons (ITMS, SMS, scenario other settings, mall
 * settings), option lists, terminal commands and terminal statistics.
 */
export * from './options.ts';
export * from './singletons.ts';
export * from './stats.ts';
export * from './system-services.ts';
