import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received. */
export interface Arrived {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
}

export interface StandIn {
  url: string;
  arrived: Arrived[];
  /** Departments each service holds: id → { name, parent }. */
  depts: { ding: Map<string, { name: string; parent: string }>; qy: Map<string, { name: string; parent: string }> };
  users: { ding: Map<string, any>; qy: Map<string, any> };
  /** Paths answered with this errcode/errmsg instead (a service refusing one call). */
  failPaths: Map<string, { errcode: number; errmsg: string }>;
  close(): Promise<void>;
}

/**
 * A local stand-in for DingTalk's and WeCom's server APIs (node:http): their token calls check
 * the key and secret, their department and user create/update calls check the token and keep
 * what arrived, answering in each service's own reply shape.
 */
export async function startStandIn(keys: { dingKey: string; dingSecret: string; corpId: string; corpSecret: string; agentSecret: string }): Promise<StandIn> {
  const arrived: Arrived[] = [];
  const depts = { ding: new Map<string, { name: string; parent: string }>(), qy: new Map<string, { name: string; parent: string }>() };
  const users = { ding: new Map<string, any>(), qy: new Map<string, any>() };
  const failPaths = new Map<string, { errcode: number; errmsg: string }>();
  let nextDept = 100;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const query = Object.fromEntries(url.searchParams);
      const body = text ? JSON.parse(text) : undefined;
      arrived.push({ method: req.method ?? '', path: url.pathname, query, body });
      const send = (o: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(o));
      const fail = failPaths.get(url.pathname);
      if (fail) return send(fail);
      const ding = !url.pathname.startsWith('/cgi-bin/');
      const token = ding ? 'ding-token' : 'qy-token';
      if (url.pathname === '/gettoken') {
        return send(query.appkey === keys.dingKey && query.appsecret === keys.dingSecret ? { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 } : { errcode: 40089, errmsg: 'invalid appkey or appsecret' });
      }
      if (url.pathname === '/cgi-bin/gettoken') {
        const good = query.corpid === keys.corpId && (query.corpsecret === keys.corpSecret || query.corpsecret === keys.agentSecret);
        return send(good ? { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 } : { errcode: 40001, errmsg: 'invalid credential' });
      }
      if (query.access_token !== token) return send({ errcode: 40014, errmsg: 'invalid access_token' });
      const store = ding ? depts.ding : depts.qy;
      switch (url.pathname) {
        case '/topapi/v2/department/create': {
          const id = String(nextDept++);
          store.set(id, { name: body.name, parent: String(body.parent_id) });
          return send({ errcode: 0, errmsg: 'ok', result: { dept_id: Number(id) } });
        }
        case '/topapi/v2/department/update':
          store.set(String(body.dept_id), { name: body.name, parent: String(body.parent_id) });
          return send({ errcode: 0, errmsg: 'ok' });
        case '/topapi/v2/user/create':
        case '/topapi/v2/user/update':
          users.ding.set(body.userid, body);
          return send({ errcode: 0, errmsg: 'ok', result: { userid: body.userid } });
        case '/cgi-bin/department/create': {
          const id = String(nextDept++);
          store.set(id, { name: body.name, parent: String(body.parentid) });
          return send({ errcode: 0, errmsg: 'created', id: Number(id) });
        }
        case '/cgi-bin/department/update':
          store.set(String(body.id), { name: body.name, parent: String(body.parentid) });
          return send({ errcode: 0, errmsg: 'updated' });
        case '/cgi-bin/user/create':
        case '/cgi-bin/user/update':
          users.qy.set(body.userid, body);
          return send({ errcode: 0, errmsg: 'ok' });
        default:
          res.writeHead(404).end('not found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrived,
    depts,
    users,
    failPaths,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** A server that accepts connections and never answers (a service that hangs). */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}
