/** Sign-in and session calls (/api/oauth, spec 7.1). Hooks and pages use these; components do no I/O. */
import SparkMD5 from 'spark-md5';
import { http, request } from './client';
import type { CurrentUser, LockState, LoginConfig, LoginPageConfig, LoginResult, PasswordReminder } from './types';
import type { PasswordPolicy } from '../../runtime/password-policy';

/** The fixed client fields every sign-in sends. */
export const LOGIN_CLIENT = { client_id: 'admin', client_secret: '123456', scope: 'all' } as const;

/** Passwords travel as the md5 hex of what the user typed. */
export function hashPassword(password: string): string {
  return SparkMD5.hash(password);
}

export function captchaUrl(timestamp: string): string {
  return `/api/file/ImageCode/${encodeURIComponent(timestamp)}`;
}

/** A random captcha key; the image is reloaded with a new one on click. */
export function newCaptchaKey(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
}

export interface PasswordLogin {
  account: string;
  password: string;
  code?: string;
  timestamp?: string;
}

export function login(input: PasswordLogin): Promise<LoginResult> {
  return http.postForm<LoginResult>(
    '/api/oauth/Login',
    {
      account: input.account.trim(),
      password: hashPassword(input.password),
      code: input.code ?? '',
      timestamp: input.timestamp ?? '',
      origin: 'password',
      ...LOGIN_CLIENT,
      grant_type: 'password',
    },
    { sessionCall: true, silent: true },
  );
}

export function smsLogin(input: { phone: string; smsCode: string }): Promise<LoginResult> {
  return http.postForm<LoginResult>(
    '/api/oauth/smsCodeLogin',
    { account: input.phone.trim(), smsCode: input.smsCode.trim(), origin: 'sms', ...LOGIN_CLIENT, grant_type: 'smsCode' },
    { sessionCall: true, silent: true },
  );
}

export function getSmsCode(phone: string, purpose: 'login' | 'register' | 'forgetPwd' = 'login'): Promise<unknown> {
  return http.get(`/api/oauth/getSmsCode/${encodeURIComponent(phone.trim())}`, purpose === 'login' ? undefined : { purpose }, { sessionCall: true, silent: true });
}

/** The password policy, readable before sign-in (register and reset forms explain it). */
export function getPasswordPolicy(): Promise<PasswordPolicy> {
  return http.get<PasswordPolicy>('/api/oauth/getPasswordPolicy', undefined, { sessionCall: true, silent: true });
}

export function getLoginConfig(account: string): Promise<LoginConfig> {
  return http.get<LoginConfig>(`/api/oauth/getConfig/${encodeURIComponent(account.trim() || 'admin')}`, undefined, {
    sessionCall: true,
    silent: true,
  });
}

/** The sign-in page's methods and third-party logins (public). */
export function getLoginPageConfig(): Promise<LoginPageConfig> {
  return http.get<LoginPageConfig>('/api/oauth/getLoginConfig', undefined, { sessionCall: true, silent: true });
}

/** The password-expiry reminder: the reply's msg is the text to show when data.remind is true. */
export function passwordReminder() {
  return request<PasswordReminder>({ url: '/api/oauth/updatePasswordMessage', method: 'POST', data: {}, silent: true });
}

/** User info, menu and permissions. Error handling is left to the guard, which owns the message. */
export function getCurrentUser() {
  return request<CurrentUser>({ url: '/api/oauth/CurrentUser', method: 'GET', silent: true, sessionCall: true });
}

export function logout(): Promise<unknown> {
  return request({ url: '/api/oauth/Logout', method: 'GET', skipErrorHandler: true });
}

export function lockScreen(): Promise<unknown> {
  return http.post('/api/oauth/LockScreen', {}, { sessionCall: true });
}

export function unlockScreen(input: { account: string; password: string }): Promise<unknown> {
  return http.post('/api/oauth/UnlockScreen', { account: input.account, password: hashPassword(input.password) }, { sessionCall: true, silent: true });
}

export function getLockState(): Promise<LockState> {
  return http.get<LockState>('/api/oauth/LockState', undefined, { sessionCall: true, silent: true });
}

/** Customer self-registration (spec 7.1): the account waits for staff approval. */
export function register(input: { mobile: string; smsCode: string; companyName: string; contactName: string; password: string }): Promise<unknown> {
  return http.post(
    '/api/oauth/register',
    { mobile: input.mobile.trim(), smsCode: input.smsCode.trim(), companyName: input.companyName.trim(), contactName: input.contactName.trim(), password: hashPassword(input.password), newPassword: input.password },
    { sessionCall: true, silent: true },
  );
}

/** Resets a forgotten password with an SMS code. */
export function forgetPassword(input: { mobile: string; smsCode: string; password: string }): Promise<unknown> {
  return http.post(
    '/api/oauth/forgetPwd',
    { mobile: input.mobile.trim(), smsCode: input.smsCode.trim(), password: hashPassword(input.password), newPassword: input.password },
    { sessionCall: true, silent: true },
  );
}

export interface ScanTicket {
  ticket: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface ScanTicketState {
  status: 'waiting' | 'scanned' | 'confirmed' | 'expired' | string;
  token?: string | null;
  theme?: string;
}

export function newScanTicket(): Promise<ScanTicket> {
  return http.post<ScanTicket>('/api/oauth/ScanLogin/Ticket', {}, { sessionCall: true, silent: true });
}

export function pollScanTicket(ticket: string): Promise<ScanTicketState> {
  return http.get<ScanTicketState>(`/api/oauth/ScanLogin/Ticket/${encodeURIComponent(ticket)}`, undefined, { sessionCall: true, silent: true });
}

export function confirmScanTicket(ticket: string): Promise<unknown> {
  return http.post(`/api/oauth/ScanLogin/Ticket/${encodeURIComponent(ticket)}/Confirm`, {}, { silent: true });
}
