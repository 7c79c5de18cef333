import { describe, expect, it } from 'vitest';
import { actionOf, countArrival, countRead, socketAddress } from '../../src/app/realtime/socket';

describe('real-time socket commands (spec 4)', () => {
  it('initMessage gives the unread counts', () => {
    const frame = { method: 'initMessage', unreadMessageCount: 2, unreadNoticeCount: 1, unreadSystemMessageCount: 0, unreadTotalCount: 4, unreadNums: { u1: 1 } };
    expect(actionOf(JSON.stringify(frame))).toEqual({ kind: 'unread', counts: { messages: 2, notices: 1, system: 0, total: 4, chat: { u1: 1 } } });
  });
  it("'logout' ends the session with the server's text, or the default when it sends none", () => {
    expect(actionOf('{"method":"logout","msg":"您的账号已在其他地方登录"}')).toEqual({ kind: 'logout', message: '您的账号已在其他地方登录' });
    expect(actionOf('{"method":"logout"}')).toEqual({ kind: 'logout', message: null });
  });
  it("'closeSocket' closes, 'refresh' reloads, anything else is ignored", () => {
    expect(actionOf('{"method":"closeSocket"}')).toEqual({ kind: 'close' });
    expect(actionOf('{"method":"refresh"}')).toEqual({ kind: 'reload' });
    expect(actionOf('{"method":"messagePush"}')).toEqual({ kind: 'ignore' });
    expect(actionOf('not json')).toEqual({ kind: 'ignore' });
  });
  it('the address follows the page: ws on http, wss on https', () => {
    expect(socketAddress({ protocol: 'http:', host: 'localhost:5173' }, 'a b')).toBe('ws://localhost:5173/websocket/a%20b');
    expect(socketAddress({ protocol: 'https:', host: 'scm.example.com' }, 't')).toBe('wss://scm.example.com/websocket/t');
  });
  it('messagePush announces an arrival; a frame without id or title is ignored', () => {
    expect(actionOf('{"method":"messagePush","id":"m1","title":"盘点通知","messageType":1}')).toEqual({ kind: 'arrived', message: { id: 'm1', title: '盘点通知', type: 1 } });
    expect(actionOf('{"method":"messagePush","title":"x"}')).toEqual({ kind: 'ignore' });
  });
  it('an arrival counts up its type; reading counts down and never below zero', () => {
    const start = { messages: 0, notices: 0, system: 1, total: 1, chat: { u1: 2 } };
    const arrived = countArrival(start, 1);
    expect(arrived).toEqual({ messages: 0, notices: 1, system: 1, total: 2, chat: { u1: 2 } });
    expect(countArrival(null, 2)).toEqual({ messages: 1, notices: 0, system: 0, total: 1, chat: {} });
    const read = countRead(arrived, 1)!;
    expect(read).toMatchObject({ notices: 0, total: 1 });
    expect(countRead(read, 1)).toBe(read); // already zero: unchanged
    expect(countRead(null, 3)).toBeNull();
  });
});
