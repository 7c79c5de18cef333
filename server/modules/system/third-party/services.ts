import { refuse } from '../../../http/errors';
import { callService, serviceBase, type ServiceKind } from './http-call';

/** What a push sends for one organisation: the parent is the service's own id (its root: '1'). */
export interface DeptPush {
  name: string;
  parentThirdId: string;
  order: number;
}

/** What a push sends for one user: the service's ids of their departments. */
export interface UserPush {
  userId: string;
  name: string;
  mobile: string | null;
  email: string | null;
  deptThirdIds: string[];
}

/** One signed-in connection to a service: its access token and the calls a push makes. */
export interface ServiceSession {
  createDept(d: DeptPush): Promise<string>;
  updateDept(thirdId: string, d: DeptPush): Promise<void>;
  createUser(u: UserPush): Promise<string>;
  updateUser(thirdId: string, u: UserPush): Promise<void>;
}

/** The settings a connection needs (from the stored configuration, or a test's unsaved form). */
export interface ServiceSettings {
  address: string;
  /** DingTalk: the app key; WeCom: the corp id. */
  id: string;
  secret: string | null;
  timeoutMs: number;
}

/** The root department both services create for an organisation (their department 1). */
export const SERVICE_ROOT_DEPT = '1';

function baseOf(service: ServiceKind, s: ServiceSettings): string {
  const base = serviceBase(s.address);
  if (!base) throw refuse('synThird.addressInvalid', { address: s.address.slice(0, 200) });
  if (!s.id.trim() || !s.secret) throw refuse(`synThird.notConfigured.${service}`);
  return base;
}

/**
 * DingTalk (open platform, server API): GET /gettoken?appkey&appsecret, then
 * POST /topapi/v2/department/{create,update} and /topapi/v2/user/{create,update}?access_token.
 */
export async function openDingTalk(s: ServiceSettings): Promise<ServiceSession> {
  const base = baseOf('ding', s);
  const call = <T extends Record<string, unknown>>(path: string, query: Record<string, string>, body?: unknown) => callService<T>({ service: 'ding', base, path, query, body, timeoutMs: s.timeoutMs });
  const token = await call<{ access_token?: string }>('/gettoken', { appkey: s.id.trim(), appsecret: s.secret! });
  if (typeof token.access_token !== 'string' || !token.access_token) throw refuse('synThird.badReply.ding', { address: `${base}/gettoken` });
  const q = { access_token: token.access_token };
  const user = (u: UserPush) => ({ userid: u.userId, name: u.name, mobile: u.mobile ?? undefined, email: u.email ?? undefined, dept_id_list: u.deptThirdIds.join(',') });
  return {
    async createDept(d) {
      const reply = await call<{ result?: { dept_id?: unknown } }>('/topapi/v2/department/create', q, { name: d.name, parent_id: Number(d.parentThirdId), order: d.order });
      const id = reply.result?.dept_id;
      if (id === undefined || id === null) throw refuse('synThird.badReply.ding', { address: `${base}/topapi/v2/department/create` });
      return String(id);
    },
    async updateDept(thirdId, d) {
      await call('/topapi/v2/department/update', q, { dept_id: Number(thirdId), name: d.name, parent_id: Number(d.parentThirdId), order: d.order });
    },
    async createUser(u) {
      const reply = await call<{ result?: { userid?: unknown } }>('/topapi/v2/user/create', q, user(u));
      return String(reply.result?.userid ?? u.userId);
    },
    async updateUser(thirdId, u) {
      await call('/topapi/v2/user/update', q, { ...user(u), userid: thirdId });
    },
  };
}

/**
 * WeCom (企业微信 server API): GET /cgi-bin/gettoken?corpid&corpsecret, then
 * POST /cgi-bin/department/{create,update} and /cgi-bin/user/{create,update}?access_token.
 */
export async function openWeCom(s: ServiceSettings): Promise<ServiceSession> {
  const base = baseOf('qy', s);
  const call = <T extends Record<string, unknown>>(path: string, query: Record<string, string>, body?: unknown) => callService<T>({ service: 'qy', base, path, query, body, timeoutMs: s.timeoutMs });
  const token = await call<{ access_token?: string }>('/cgi-bin/gettoken', { corpid: s.id.trim(), corpsecret: s.secret! });
  if (typeof token.access_token !== 'string' || !token.access_token) throw refuse('synThird.badReply.qy', { address: `${base}/cgi-bin/gettoken` });
  const q = { access_token: token.access_token };
  const user = (u: UserPush) => ({ userid: u.userId, name: u.name, mobile: u.mobile ?? undefined, email: u.email ?? undefined, department: u.deptThirdIds.map(Number) });
  return {
    async createDept(d) {
      const reply = await call<{ id?: unknown }>('/cgi-bin/department/create', q, { name: d.name, parentid: Number(d.parentThirdId), order: d.order });
      if (reply.id === undefined || reply.id === null) throw refuse('synThird.badReply.qy', { address: `${base}/cgi-bin/department/create` });
      return String(reply.id);
    },
    async updateDept(thirdId, d) {
      await call('/cgi-bin/department/update', q, { id: Number(thirdId), name: d.name, parentid: Number(d.parentThirdId), order: d.order });
    },
    async createUser(u) {
      await call('/cgi-bin/user/create', q, user(u));
      return u.userId;
    },
    async updateUser(thirdId, u) {
      await call('/cgi-bin/user/update', q, { ...user(u), userid: thirdId });
    },
  };
}
