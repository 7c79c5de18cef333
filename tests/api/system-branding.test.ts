import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeUser, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The system logo and navigation icon (spec platform 7.16, issue 11 item 6): an administrator
 * uploads an image, the configuration keeps its address, and the sign-in page (signed out) gets
 * the logo and can load it.
 */
let server: TestServer;
let token: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

beforeAll(async () => {
  server = await startTestServer();
  token = await tokenFor(server.database.db, 'admin');
});
afterAll(async () => {
  await server?.close();
});

async function upload(bytes: Buffer, name: string, as = token, language = 'en') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${server.url}/api/file/Uploader/systemBranding`, { method: 'POST', headers: { authorization: `Bearer ${as}`, 'x-language': language }, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data?: { name: string; url: string } } };
}

describe('system logo upload', () => {
  it('stores a PNG, serves it without a token, and the sign-in page gets it once saved as the logo', async () => {
    const reply = await upload(PNG, 'logo.png');
    expect(reply.body.code, reply.body.msg).toBe(200);
    const url = reply.body.data!.url;
    expect(url).toMatch(/^\/api\/file\/Image\/systemBranding\/[a-f0-9]{32}\.png$/);
    const image = await fetch(`${server.url}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const admin = client(server.url, token);
    expect((await admin.put('/api/system/SysConfig', { logoIcon: url, navigationIcon: url })).body.code).toBe(200);
    const login = await client(server.url, null).get('/api/oauth/getLoginConfig');
    expect(login.body.data.logoIcon).toBe(url);
    expect((await admin.get('/api/oauth/CurrentUser')).body.data.sysConfigInfo).toMatchObject({ logoIcon: url, navigationIcon: url });
  });

  it('refuses SVG, a file that is not an image, an empty and a too large one, in the caller\'s language, storing nothing', async () => {
    expect((await upload(SVG, 'logo.svg')).body).toMatchObject({ code: 400, msg: 'Only JPG, PNG, GIF or WEBP images can be uploaded' });
    expect((await upload(Buffer.from('hello'), 'logo.png', token, 'zh-CN')).body.msg).toBe('只能上传 JPG、PNG、GIF 或 WEBP 图片');
    expect((await upload(Buffer.alloc(0), 'logo.png')).body.msg).toBe('Please choose an image');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(big, 'big.png')).body.msg).toBe('The image must be smaller than 2 MB');
  });

  it('is for those who may change the configuration; other names are not served', async () => {
    const staff = await makeUser(server.database.db, 'brandingStaff');
    expect((await upload(PNG, 'logo.png', staff.token)).status).toBe(403);
    expect((await fetch(`${server.url}/api/file/Image/systemBranding/..%2F..%2Fdb.sqlite`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/file/Image/systemBranding/${'0'.repeat(32)}.png`)).status).toBe(404);
  });
});
