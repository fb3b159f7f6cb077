import { vi } from 'vitest';

/**
 * The request layer as console tests replace it, one place for what every such test wrote out:
 *   vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
 *   const { request } = await import('../../test/request-mock.ts');
 * Each test file gets fresh mocks (vitest isolates files); `request` is the one tests script.
 */
export const request = vi.fn();
export const requestEnvelope = vi.fn();
export const upload = vi.fn();
export const bindSession = vi.fn();
export const isRequestError = () => false;
export { NETWORK_FAILURE, RequestError } from '../request/errors.ts';
