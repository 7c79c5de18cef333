import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeProblems } from '../../server/auth/access';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('every route declares who may call it', () => {
  it('lists the running server routes and finds none without an access rule or reply schema', () => {
    const routes = server.app.declaredRoutes();
    expect(routes.length).toBeGreaterThan(3);
    expect(routeProblems(routes)).toEqual([]);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('access matrix: the calls the product’s own client makes on every load are declared as expected', () => {
    const matrix: [string, string, unknown][] = [
      ['GET', '/api/oauth/getLoginConfig', 'public'],
      ['POST', '/api/oauth/updatePasswordMessage', 'signedIn'],
      ['GET', '/api/oauth/CurrentUser', 'signedIn'],
      ['GET', '/api/permission/Users/Current/BaseInfo', 'signedIn'],
      ['PUT', '/api/permission/Users/Current/BaseInfo', 'signedIn'],
      ['GET', '/api/system/DictionaryData/All', 'signedIn'],
      // The socket: its token is the path parameter, checked by the same hook.
      ['GET', '/websocket/:token', 'signedIn'],
    ];
    const routes = server.app.declaredRoutes();
    for (const [method, url, access] of matrix) {
      expect(routes.find((r) => r.method === method && r.url === url)?.access, `${method} ${url}`).toEqual(access);
    }
  });

  it('the audit itself catches an undeclared route', () => {
    expect(routeProblems([{ method: 'GET', url: '/api/x', access: undefined, hasResponseSchema: true }])).toHaveLength(1);
    expect(routeProblems([{ method: 'GET', url: '/api/x', access: 'public', hasResponseSchema: false }])).toHaveLength(1);
  });

  it('publishes the OpenAPI description with every /api route', async () => {
    const res = await fetch(`${server.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    // the socket (its token in the path) upgrades to a WebSocket: not an HTTP operation OpenAPI describes
    const apiRoutes = server.app.declaredRoutes().filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.tokenParam);
    for (const r of apiRoutes) {
      const openapiPath = r.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths, r.url).toHaveProperty([openapiPath]);
    }
  });

  it('answers unknown API paths with a 404 envelope, not a stack', async () => {
    const res = await fetch(`${server.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, msg: '接口不存在' });
  });
});
