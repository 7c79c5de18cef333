/** The signed-in user's own record (/api/permission/Users/Current, spec 7.2). */
import SparkMD5 from 'spark-md5';
import { http, request } from './client';

const BASE = '/api/permission/Users/Current';

/** GET /Current/BaseInfo, in the product's field names. Dictionary fields hold entry ids (gender: a sex code). */
export interface BaseInfo {
  id: string;
  account: string;
  realName: string;
  gender: number | null;
  nation: string | null;
  nativePlace: string | null;
  certificatesType: string | null;
  certificatesNumber: string | null;
  education: string | null;
  birthday: number | null;
  telePhone: string | null;
  landline: string | null;
  mobilePhone: string | null;
  email: string | null;
  urgentContacts: string | null;
  urgentTelePhone: string | null;
  postalAddress: string | null;
  signature: string | null;
  headIcon: string | null;
  userKind?: string;
  organize: string | null;
  manager: string | null;
  position: string | null;
  roleId: string;
  creatorTime: number;
  prevLogTime: number | null;
  prevLoginIPAddress?: string | null;
  entryDate: number | null;
}

/** What the profile form may change (the rest is read-only). */
export type BaseInfoChange = Partial<
  Pick<
    BaseInfo,
    | 'realName' | 'gender' | 'nation' | 'nativePlace' | 'certificatesType' | 'certificatesNumber' | 'education' | 'birthday' | 'telePhone' | 'landline'
    | 'mobilePhone' | 'email' | 'urgentContacts' | 'urgentTelePhone' | 'postalAddress' | 'signature'
  >
>;

export interface Subordinate {
  id: string;
  account: string;
  realName: string;
  headIcon: string | null;
  mobile: string | null;
  organizeName: string | null;
  positionName: string | null;
  enabledMark: number;
  hasChildren: boolean;
}

export interface AuthorizeOverview {
  isAdministrator: boolean;
  roles: { id: string; fullName: string; enCode: string }[];
  menuList: { id: string; fullName: string; enCode: string; children?: unknown[] }[];
  permissionList: { modelId: string; moduleName: string; button: { enCode: string; fullName: string }[]; column: { enCode: string; fullName: string }[]; form: { enCode: string; fullName: string }[] }[];
  permissionCodes: string[];
}

export interface LoginLogEntry {
  id: string;
  loginTime: number;
  ipAddress: string | null;
  ipAddressName: string | null;
  success: number;
  message: string | null;
  userAgent: string | null;
}

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface OwnOrganize {
  id: string;
  fullName: string;
  category: string;
  isMajor: boolean;
}

export interface OwnPosition {
  id: string;
  fullName: string;
  organizeId: string;
  organizeName: string | null;
  isMajor: boolean;
}

export interface SignImgEntry {
  id: string;
  signImg: string;
  isDefault: number;
  createdAt: number;
}

export const getBaseInfo = () => http.get<BaseInfo>(`${BASE}/BaseInfo`);
export const saveBaseInfo = (change: BaseInfoChange) => http.put<unknown>(`${BASE}/BaseInfo`, change as Record<string, unknown>);

/** Uploads an avatar image (multipart, field `file`), then makes it the avatar; resolves with its address. */
export async function uploadAvatar(file: File): Promise<string> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  const uploaded = (await request<{ name: string; url: string }>({ url: '/api/file/Uploader/userAvatar', method: 'POST', formData })).data;
  const used = await http.put<{ headIcon?: string }>(`${BASE}/Avatar/${encodeURIComponent(uploaded.name)}`, {});
  return used?.headIcon || uploaded.url;
}

/** Changes the password: the old one hashed; the new one plain (the server checks its policy) and hashed. */
export function modifyPassword(input: { oldPassword: string; newPassword: string; repeatPassword: string; code?: string; timestamp?: string }) {
  return http.post<unknown>(`${BASE}/Actions/ModifyPassword`, {
    oldPassword: SparkMD5.hash(input.oldPassword),
    newPassword: input.newPassword,
    repeatPassword: input.repeatPassword,
    password: SparkMD5.hash(input.newPassword),
    code: input.code ?? '',
    timestamp: input.timestamp ?? '',
  }, { silent: true });
}

export const saveTheme = (change: { theme?: string; themeColor?: string; slideClass?: string; size?: string }) =>
  http.put<unknown>(`${BASE}/SystemTheme`, change, { silent: true });
export const saveLanguage = (language: string) => http.put<unknown>(`${BASE}/SystemLanguage`, { language }, { silent: true });

export const getSubordinates = (id: string) => http.get<Subordinate[]>(`${BASE}/Subordinate/${encodeURIComponent(id)}`);
export const getAuthorize = () => http.get<AuthorizeOverview>(`${BASE}/Authorize`);
export const getLoginLog = (query: { currentPage: number; pageSize: number; keyword?: string }) => http.get<Paged<LoginLogEntry>>(`${BASE}/SystemLog`, query);
export const getOwnOrganizes = () => http.get<OwnOrganize[]>(`${BASE}/getUserOrganizes`);
export const getOwnPositions = () => http.get<OwnPosition[]>(`${BASE}/getUserPositions`);
export const setMajor = (majorId: string, majorType: 'Organize' | 'Position') => http.put<unknown>(`${BASE}/major`, { majorId, majorType });

export const getSignImgs = () => http.get<SignImgEntry[]>(`${BASE}/SignImg`);
export const addSignImg = (signImg: string) => http.post<unknown>(`${BASE}/SignImg`, { signImg });
export const deleteSignImg = (id: string) => http.delete<unknown>(`${BASE}/${encodeURIComponent(id)}/SignImg`);
export const setDefaultSignImg = (id: string) => http.put<unknown>(`${BASE}/${encodeURIComponent(id)}/SignImg`, {});
