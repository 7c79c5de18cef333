import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/sessions';
import { startTestServer, type TestServer } from '../helpers/server';
import { call, tokenOf } from './oauth-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const newTicket = async () => (await call<{ ticket: string; expiresAt: number }>(server, '/api/oauth/ScanLogin/Ticket', { method: 'POST' })).body.data!;
const poll = async (ticket: string) => (await call(server, `/api/oauth/ScanLogin/Ticket/${ticket}`)).body.data;
const act = (ticket: string, step: 'Scan' | 'Confirm', token?: string) => call(server, `/api/oauth/ScanLogin/Ticket/${ticket}/${step}`, { method: 'POST', token });

describe('scan login', () => {
  it('waiting → scanned → confirmed: the page receives a session for the same user, once', async () => {
    const before = Date.now();
    const { ticket, expiresAt } = await newTicket();
    expect(ticket.length).toBeGreaterThan(30);
    expect(expiresAt - before).toBeGreaterThanOrEqual(119_000);
    expect(expiresAt - before).toBeLessThanOrEqual(121_000);
    expect(await poll(ticket)).toEqual({ status: 'waiting' });

    expect((await act(ticket, 'Confirm')).status).toBe(401); // signed-in only
    const phone = await tokenOf(server, 'staff');
    expect((await act(ticket, 'Scan', phone)).body.code).toBe(200);
    expect(await poll(ticket)).toEqual({ status: 'scanned' });
    // Someone else cannot take over a ticket scanned by staff.
    expect((await act(ticket, 'Confirm', await tokenOf(server, 'customer'))).body.msg).toBe('二维码已失效，请刷新');
    expect((await act(ticket, 'Confirm', phone)).body).toEqual({ code: 200, msg: '已确认登录' });

    const confirmed = await poll(ticket);
    expect(confirmed).toMatchObject({ status: 'confirmed', token: expect.any(String), theme: expect.any(String) });
    expect(confirmed.token).not.toBe(phone);
    const me = await call(server, '/api/oauth/CurrentUser', { token: confirmed.token });
    expect(me.body.data.userInfo.userAccount).toBe('staff');
    // One-time: the next poll gets no token; the phone's session goes on.
    expect(await poll(ticket)).toEqual({ status: 'expired' });
    expect((await call(server, '/api/oauth/CurrentUser', { token: phone })).body.code).toBe(200);
    expect((await act(ticket, 'Confirm', phone)).body.code).toBe(400);
    // Only the hash of the ticket is stored.
    const row = await server.database.db.selectFrom('baseScanTicket').selectAll().where('id', '=', hashToken(ticket)).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(ticket);
  });

  it('confirms straight from waiting, and expires after two minutes', async () => {
    const phone = await tokenOf(server, 'customer');
    const quick = await newTicket();
    expect((await act(quick.ticket, 'Confirm', phone)).body.code).toBe(200);
    expect((await poll(quick.ticket)).status).toBe('confirmed');

    const { ticket } = await newTicket();
    await server.database.db.updateTable('baseScanTicket').set({ expiresAt: Date.now() - 1 }).where('id', '=', hashToken(ticket)).execute();
    expect(await poll(ticket)).toEqual({ status: 'expired' });
    expect((await act(ticket, 'Confirm', phone)).body.msg).toBe('二维码已失效，请刷新');

    // A confirmed ticket not collected within a minute is spent too.
    const late = await newTicket();
    expect((await act(late.ticket, 'Confirm', phone)).body.code).toBe(200);
    await server.database.db.updateTable('baseScanTicket').set({ confirmedAt: Date.now() - 61_000 }).where('id', '=', hashToken(late.ticket)).execute();
    expect(await poll(late.ticket)).toEqual({ status: 'expired' });
  });

  it('answers expired for an unknown ticket', async () => {
    expect(await poll('no-such-ticket')).toEqual({ status: 'expired' });
    expect((await act('no-such-ticket', 'Confirm', await tokenOf(server, 'admin'))).body.code).toBe(400);
  });
});
