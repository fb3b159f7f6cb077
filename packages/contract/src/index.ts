export * from './codes.ts';
export * from './menu.ts';
export * from './messages.ts';
export * from './password.ts';
export * from './paths.ts';
export * from './shell-api.ts';
