import type { MenuItem } from '../../runtime/menu/routes';

/** The envelope of every reply. */
export interface ApiReply<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** GET /api/oauth/getConfig/{account}. */
export interface LoginConfig {
  enableVerificationCode?: boolean | number;
  verificationCodeNumber?: number;
  needCaptcha?: boolean;
  sysName?: string;
  logoIcon?: string;
  copyright?: string;
}

/** GET /api/oauth/getLoginConfig: what the sign-in page offers. */
export interface LoginPageConfig {
  redirect: boolean;
  url: string;
  socialsList: { enCode: string; fullName: string; icon: string; renderUri: string }[];
  loginMethods: ('password' | 'sms' | 'scan')[];
  logoIcon?: string;
  enableVerificationCode?: number;
  sysName?: string;
}

/** POST /api/oauth/updatePasswordMessage (the reply's msg is the reminder text). */
export interface PasswordReminder {
  remind: boolean;
  expired: boolean;
  expiresAt: number | null;
  daysLeft: number | null;
}

export interface LoginResult {
  token: string;
  theme?: string;
}

export interface LoginFailureData {
  needCaptcha?: boolean;
}

export interface UserInfo {
  userId: string;
  userAccount: string;
  userName: string;
  realName?: string;
  headIcon?: string | null;
  organizeName?: string | null;
  departmentName?: string | null;
  positionName?: string | null;
  prevLogin?: number | null;
  prevLoginTime?: number | string | null;
  prevLoginIPAddress?: string | null;
  prevLoginIPAddressName?: string | null;
  theme?: string | null;
  language?: string | null;
  isAdministrator?: boolean;
  userKind?: string | null;
  permissionCodes?: string[];
  systemIds?: { id: string; fullName?: string; currentSystem?: boolean | number }[];
  [extra: string]: unknown;
}

export interface PermissionEntry {
  modelId: string;
  button?: { enCode: string; fullName?: string }[];
  column?: { enCode: string; fullName?: string }[];
  form?: { enCode: string; fullName?: string }[];
}

export interface SysConfigInfo {
  sysName?: string;
  sysVersion?: string;
  logoIcon?: string | null;
  navigationIcon?: string | null;
  title?: string;
  layoutType?: string;
  themeClass?: string;
  copyright?: string;
  [extra: string]: unknown;
}

/** GET /api/oauth/CurrentUser: menuList and routerList hold one node per system, its menu under children. */
export interface CurrentUser {
  menuList: MenuItem[];
  userInfo: UserInfo | null;
  permissionList: PermissionEntry[];
  routerList?: MenuItem[];
  sysConfigInfo?: SysConfigInfo | null;
}

/** GET /api/oauth/LockState. */
export interface LockState {
  locked: boolean;
  account: string;
  userName: string;
  headIcon?: string | null;
}
