export * from './define.ts';
export * from './disks.ts';
