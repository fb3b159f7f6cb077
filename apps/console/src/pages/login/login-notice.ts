/**
 * A notice for the next sign-in page, which comes after a reload (signing out reloads the page):
 * kept in sessionStorage until the sign-in page has shown it once.
 */
export const LOGIN_NOTICE_KEY = 'loginNotice';

export type LoginNotice = 'passwordChanged';

/** The i18n key of each notice's text. */
export const LOGIN_NOTICE_TEXT: Record<LoginNotice, string> = {
  passwordChanged: 'login.passwordChanged',
};

function isNotice(value: string | null): value is LoginNotice {
  return value !== null && Object.hasOwn(LOGIN_NOTICE_TEXT, value);
}

export function leaveLoginNotice(notice: LoginNotice): void {
  try {
    sessionStorage.setItem(LOGIN_NOTICE_KEY, notice);
  } catch {
    // Storage refused (private mode): the sign-in page just shows no notice.
  }
}

/** The notice waiting for the sign-in page, if any; it stays until `clearLoginNotice`. */
export function peekLoginNotice(): LoginNotice | undefined {
  try {
    const value = sessionStorage.getItem(LOGIN_NOTICE_KEY);
    return isNotice(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function clearLoginNotice(): void {
  try {
    sessionStorage.removeItem(LOGIN_NOTICE_KEY);
  } catch {
    // nothing to clear
  }
}
