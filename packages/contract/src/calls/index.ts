export * from './define.ts';
export * from './disks.ts';
export * from './system-status.ts';
export * from './voice-calls.ts';
