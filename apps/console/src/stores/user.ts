import { hashPassword, type MenuNode, Paths } from '@igs/contract';
import { create } from 'zustand';
import { call } from '../request/call.ts';
import { bindSession, requestEnvelope } from '../request/index.ts';
import { startCalls } from '../request/start-calls.ts';
import {
  EARLY_SESSION_PATHS,
  forgetSessionMode,
  rememberSessionMode,
  startSignedInCalls,
  takeEarlySessionReply,
} from '../start/early.ts';
import {
  clearSavedLogin,
  getSavedLogin,
  getToken,
  removeToken,
  saveLogin,
  setToken,
} from '../utils/cookies.ts';

/** Session storage key of the saved tabs (owned by the tags view; cleared here on logout). */
export const TAGS_VIEW_STORAGE_KEY = 'tagsView';

/** Spec section 3: after login the display name and avatar are fixed placeholders. */
export const PLACEHOLDER_NAME = 'Super Admin';
export const PLACEHOLDER_AVATAR =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"%3E%3Crect width="40" height="40" rx="8" fill="%231890ff"/%3E%3Ccircle cx="20" cy="15" r="7" fill="%23fff"/%3E%3Cpath d="M6 36c2-8 8-12 14-12s12 4 14 12" fill="%23fff"/%3E%3C/svg%3E';

export type Flag = 0 | 1;

export interface LangOption {
  value: string;
  label: string;
}

export interface LoginForm {
  username: string;
  password: string;
  code?: string;
  isOperations?: boolean;
  remember?: boolean;
}

/** Body of the login call (spec section 7); `remember` 1 asks the server for a device token. */
export interface LoginPayload {
  username: string;
  password: string;
  code: string;
  is_operations: Flag;
  remember?: 1;
}

/**
 * Spec section 5: trim, hash unless the typed password is the saved one (the remembered-device
 * token, or a hash pre-filled by /setlogindata), sent as is; is_operations 1 only when exactly true.
 */
export function buildLoginPayload(form: LoginForm, savedPassword: string | undefined): LoginPayload {
  const password = form.password.trim();
  const reuseSaved = savedPassword !== undefined && savedPassword !== '' && password === savedPassword;
  return {
    username: form.username.trim(),
    password: reuseSaved ? password : hashPassword(password),
    code: (form.code ?? '').trim(),
    is_operations: form.isOperations === true ? 1 : 0,
    ...(form.remember === true ? { remember: 1 as const } : {}),
  };
}

export interface AuthMenuReply {
  menus: MenuNode[];
  buttons: string[];
}

interface UserState {
  token: string;
  name: string;
  avatar: string;
  introduction: string;
  /** Exists but is never filled at sign-in (spec section 6). */
  roles: string[];
  doctitle: string;
  /** The English title from the settings call (empty: `doctitle` serves both languages). */
  doctitleEn: string;
  weakPsw: Flag;
  menus: MenuNode[];
  btnlist: string[];
  isOperations: Flag;
  lang: LangOption[];
  cId: number | string;
  logo: string;
  /** Favicon URL from the settings call. */
  icon: string;

  login: (form: LoginForm) => Promise<void>;
  /** Title and settings plus the credentials (mode, customer id, languages), in parallel. */
  getInfo: () => Promise<void>;
  /** The menu tree and the granted button keys; `silent` leaves reporting a failure to the caller. */
  getMenus: (opts?: { silent?: boolean }) => Promise<AuthMenuReply>;
  logout: () => Promise<void>;
  resetToken: () => void;
  /** Adopt a token (the session a hand-off code was exchanged for). */
  acceptToken: (token: string) => void;
  /**
   * /authh5?token=<code>: exchanges another system's single-use hand-off code for a new session
   * of its account (the session token itself is never handed over in a URL).
   */
  acceptHandoff: (code: string) => Promise<void>;
  setWeakPsw: (flag: Flag) => void;
  /** Toggle full/operations mode on the server, then go home with the mode it returns. */
  changeMode: () => Promise<void>;
}

const emptyInfo = {
  name: '',
  avatar: '',
  introduction: '',
  roles: [] as string[],
  doctitle: '',
  doctitleEn: '',
  menus: [] as MenuNode[],
  btnlist: [] as string[],
  isOperations: 0 as Flag,
  lang: [] as LangOption[],
  cId: '' as number | string,
  logo: '',
  icon: '',
};

export const useUserStore = create<UserState>()((set, get) => ({
  token: getToken() ?? '',
  weakPsw: 0,
  ...emptyInfo,

  async login(form) {
    const saved = getSavedLogin();
    const payload = buildLoginPayload(form, saved.password);
    try {
      const data = await call(startCalls.login, payload);
      setToken(data.token);
      // The guard's first calls go now, while the signed-in shell may still be arriving.
      startSignedInCalls(data.token, EARLY_SESSION_PATHS);
      set({ token: data.token, weakPsw: data.weak_psw === 1 ? 1 : 0 });
      // "Remember me" keeps the server's device token (single use: the next one replaces it),
      // never the password nor its hash.
      clearSavedLogin();
      if (form.remember && data.device_token) saveLogin(payload.username, data.device_token);
    } catch (error) {
      clearSavedLogin();
      throw error;
    }
  },

  async getInfo() {
    // The served page may have sent them already (start/early-script.ts): their answers, not a second call.
    const [settings, credentials] = await Promise.all([
      call(startCalls.settings, {}, { reply: takeEarlySessionReply(Paths.settings) }),
      call(startCalls.credentials, {}, { reply: takeEarlySessionReply(Paths.credentials) }),
    ]);
    set({
      name: PLACEHOLDER_NAME,
      avatar: PLACEHOLDER_AVATAR,
      doctitle: settings.title,
      doctitleEn: settings.title_en ?? '',
      weakPsw: settings.weak_psw === 1 ? 1 : get().weakPsw,
      logo: settings.home_logo,
      icon: settings.icon,
      isOperations: credentials.detail.is_operations === 1 ? 1 : 0,
      cId: credentials.detail.c_id,
      lang: credentials.lang ?? [],
      roles: [],
    });
    rememberSessionMode(get().isOperations, credentials.detail.c_id);
  },

  async getMenus(opts = {}) {
    const reply = await requestEnvelope<MenuNode[]>(
      Paths.authMenu,
      {},
      { silent: opts.silent, reply: takeEarlySessionReply(Paths.authMenu) },
    );
    const menus = Array.isArray(reply.data) ? reply.data : [];
    const buttons = Array.isArray(reply.Button)
      ? reply.Button.filter((b): b is string => typeof b === 'string')
      : [];
    set({ menus, btnlist: buttons });
    return { menus, buttons };
  },

  async logout() {
    try {
      await call(startCalls.logout, {}, { loading: false });
    } catch {
      // The session ends locally whatever the server says.
    }
    get().resetToken();
    clearSavedLogin();
    sessionStorage.removeItem(TAGS_VIEW_STORAGE_KEY);
    window.location.reload();
  },

  resetToken() {
    removeToken();
    forgetSessionMode();
    set({ token: '', ...emptyInfo });
  },

  acceptToken(token) {
    setToken(token);
    set({ token, ...emptyInfo });
  },

  async acceptHandoff(code) {
    const data = await call(startCalls.handoffExchange, { code });
    get().acceptToken(data.token);
    set({ weakPsw: data.weak_psw === 1 ? 1 : 0 });
  },

  setWeakPsw(flag) {
    set({ weakPsw: flag });
  },

  async changeMode() {
    const next: Flag = get().isOperations === 1 ? 0 : 1;
    const data = await call(startCalls.changeMode, { is_operations: next });
    set({ isOperations: data.detail.is_operations === 1 ? 1 : 0 });
    // The menu tree differs per mode: start over at the home page with fresh routes and no tabs.
    sessionStorage.removeItem(TAGS_VIEW_STORAGE_KEY);
    window.location.assign('/');
  },
}));

bindSession(
  () => {
    const s = useUserStore.getState();
    return { token: s.token || undefined, isOperations: s.isOperations, cId: s.cId };
  },
  () => useUserStore.getState().resetToken(),
  // The server refused a call until the weak password is changed: show the forced dialog.
  () => useUserStore.getState().setWeakPsw(1),
);
