import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom, tokenAtom } from '../session/session';
import { appStore } from '../store';
import { frameConcerns, moduleIdAt, parseSseFrames, startSchemaReload } from './schema-reload';

describe('development schema reload', () => {
  it('parses complete SSE frames, skips comments and keeps the unfinished rest', () => {
    const { frames, rest } = parseSseFrames(': connected (watching)\n\nevent: page\ndata: {"id":"demo-report"}\n\nevent: model\r\ndata: {"id":"x"}\r\n\r\nevent: pa');
    expect(frames).toEqual([
      { event: 'page', data: '{"id":"demo-report"}' },
      { event: 'model', data: '{"id":"x"}' },
    ]);
    expect(rest).toBe('event: pa');
  });

  it('a model or page event about the open page concerns it, unless the file failed to compile', () => {
    const page = (data: unknown, event = 'page') => ({ event, data: JSON.stringify(data) });
    expect(frameConcerns(page({ id: 'demo-report', status: 'loaded' }), 'demo-report')).toBe(true);
    expect(frameConcerns(page({ id: 'demo-model', status: 'updated' }, 'model'), 'demo-model')).toBe(true);
    expect(frameConcerns(page({ id: 'demo-portal', status: 'removed' }), 'demo-portal')).toBe(true);
    expect(frameConcerns(page({ id: 'other', status: 'loaded' }), 'demo-report')).toBe(false);
    expect(frameConcerns(page({ id: 'demo-report', status: 'loaded' }, 'message'), 'demo-report')).toBe(false);
    expect(frameConcerns(page({ id: 'demo-report', status: 'loaded' }), null)).toBe(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(frameConcerns(page({ id: 'demo-report', status: 'failed', problems: [] }), 'demo-report')).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(frameConcerns({ event: 'page', data: 'not json' }, 'demo-report')).toBe(false);
  });

  it('the open page is the menu entry routed at the current path', () => {
    const routes = [{ path: '/home', moduleId: null }, { path: '/operations/salesReport', moduleId: 'demo-report' }];
    expect(moduleIdAt('/operations/salesReport', routes)).toBe('demo-report');
    expect(moduleIdAt('/home', routes)).toBeNull();
    expect(moduleIdAt('/elsewhere', routes)).toBeNull();
  });

  describe('listener', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      appStore.set(tokenAtom, null);
      appStore.set(sessionAtom, null);
    });

    it('after sign-in reads the stream with the token and reloads when the open page changed', async () => {
      const requests: { url: string; auth: string | null }[] = [];
      let push: (text: string) => void = () => {};
      vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
        requests.push({ url, auth: new Headers(init.headers).get('authorization') });
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (push = (text) => c.enqueue(new TextEncoder().encode(text))) });
        return new Response(body, { status: 200 });
      });
      vi.stubGlobal('window', { location: { pathname: '/operations/salesReport' } });
      appStore.set(sessionAtom, {
        userInfo: { userId: 'u' } as never,
        menuList: [{ id: 'm1', enCode: 'salesReport', fullName: '销售报表', type: 5, urlAddress: 'operations/salesReport', propertyJson: JSON.stringify({ moduleId: 'demo-report', isTree: 0 }) }],
        permissionList: [],
        sysConfig: {},
      });
      const reload = vi.fn();
      const stop = startSchemaReload(reload);
      expect(requests).toEqual([]); // not signed in: no stream
      appStore.set(tokenAtom, 'tok-1');
      await vi.waitFor(() => expect(requests).toHaveLength(1));
      expect(requests[0]!.url).toMatch(/^\/api\/visualdev\/Events\?n=\d+$/);
      expect(requests[0]!.auth).toBe('Bearer tok-1');
      push('event: page\ndata: {"id":"demo-portal","status":"loaded"}\n\n');
      push('event: page\ndata: {"id":"demo-report","sta');
      push('tus":"loaded"}\n\n');
      await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
      stop();
    });
  });
});
