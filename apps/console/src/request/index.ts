import { toast } from '../app/feedback.ts';
import { siteIdsOf } from '../features/sites/site-ids.ts';
import { t } from '../i18n/index.ts';
import { navigateTo } from '../router/navigate.ts';
import { takeEarlyCall } from '../start/early.ts';
import { createClient } from './client.ts';
import { useLoadingStore } from './loading.ts';
import { currentSession, requirePasswordChange, resetCurrentSession } from './session.ts';

export type { EnvelopeWith, RequestBody, RequestOptions, UploadOptions } from './client.ts';
export { errorMessage, isRequestError, NETWORK_FAILURE, RequestError } from './errors.ts';
export { bindSession, type RequestSession } from './session.ts';

const client = createClient({
  session: currentSession,
  // The default for calls that do not name their sites: whatever page the address bar shows.
  // Pages name theirs (features/sites: useSiteIds, useScopedQuery), which a kept-alive page needs.
  siteIds: () => siteIdsOf(window.location.search),
  resetToken: resetCurrentSession,
  reload: () => window.location.reload(),
  navigate: (to) => navigateTo(to),
  openWindow: (url) => void window.open(url, '_blank'),
  toastError: toast.error,
  toastSuccess: toast.success,
  translate: t,
  loadingStart: () => useLoadingStore.getState().start(),
  loadingStop: () => useLoadingStore.getState().stop(),
  passwordChangeRequired: requirePasswordChange,
  // A page load's first data call, sent by the served page beside the session's calls.
  earlyReply: takeEarlyCall,
});

export const { request, requestEnvelope, get, upload } = client;
