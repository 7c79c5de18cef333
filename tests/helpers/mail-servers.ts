import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { SMTPServer } from 'smtp-server';

/**
 * Real mail servers on 127.0.0.1 for the mailbox tests (issue 21 item 2): Debian's dovecot as
 * the IMAP server, started in the foreground with a generated configuration (passwd-file users,
 * maildirs under a temporary folder, no TLS), and an SMTP server of the smtp-server package that
 * signs senders in against the same users and delivers each accepted mail into every local
 * recipient's dovecot inbox over IMAP (APPEND as that user). The system's dovecot service is not
 * used. As root (CI) dovecot's own processes run as the package's dovecot/dovenull users and the
 * mail as nobody; otherwise all run as the caller.
 */
export const DOVECOT = '/usr/sbin/dovecot';
export const dovecotInstalled = () => fs.existsSync(DOVECOT);

export interface MailUser {
  /** The sign-in name and the address (one name: user@domain). */
  address: string;
  password: string;
}

export interface RunningServer {
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const idOf = (name: string, flag: '-u' | '-g') => Number(execFileSync('id', [flag, name]).toString().trim());

/** Starts dovecot (IMAP only) for these users; resolves once it greets. */
export async function startDovecot(users: MailUser[]): Promise<RunningServer & { dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dovecot-'));
  const root = process.getuid?.() === 0;
  const me = os.userInfo().username;
  const uid = root ? idOf('nobody', '-u') : process.getuid!();
  const gid = root ? idOf('nobody', '-g') : process.getgid!();
  // the mail processes (as nobody) must reach their maildirs below the temporary folder
  fs.chmodSync(dir, 0o755);
  for (const sub of ['base', 'state', 'mail']) fs.mkdirSync(path.join(dir, sub));
  if (root) fs.chownSync(path.join(dir, 'mail'), uid, gid);
  const passwd = users.map((u) => `${u.address}:{PLAIN}${u.password}:${uid}:${gid}::${path.join(dir, 'mail', u.address)}`).join('\n');
  fs.writeFileSync(path.join(dir, 'passwd'), `${passwd}\n`);
  const port = await freePort();
  const conf = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(conf, [
    'protocols = imap',
    'listen = 127.0.0.1',
    `base_dir = ${path.join(dir, 'base')}`,
    `state_dir = ${path.join(dir, 'state')}`,
    `instance_name = test-${port}`,
    `log_path = ${path.join(dir, 'dovecot.log')}`,
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    // the bad-password tests answer at once
    'auth_failure_delay = 0',
    `default_internal_user = ${root ? 'dovecot' : me}`,
    `default_internal_group = ${root ? 'dovecot' : os.userInfo().username}`,
    `default_login_user = ${root ? 'dovenull' : me}`,
    'first_valid_uid = 1',
    'first_valid_gid = 1',
    'mail_location = maildir:~/Maildir',
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${path.join(dir, 'passwd')}\n}`,
    `userdb {\n  driver = passwd-file\n  args = username_format=%u ${path.join(dir, 'passwd')}\n}`,
    `service imap-login {\n  chroot =\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    // auth's penalty (seconds of delay per failed sign-in from 127.0.0.1, for every later sign-in) off: no socket for it
    'service anvil {\n  chroot =\n  unix_listener anvil-auth-penalty {\n    mode = 0\n  }\n}',
    '',
  ].join('\n'));
  if (!root) {
    // a non-root dovecot keeps its group name from the user's primary group
    const group = execFileSync('id', ['-gn']).toString().trim();
    fs.writeFileSync(conf, fs.readFileSync(conf, 'utf8').replace(`default_internal_group = ${me}`, `default_internal_group = ${group}`));
  }
  const child = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const log = () => `${output}\n${fs.existsSync(path.join(dir, 'dovecot.log')) ? fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8') : ''}`;
  try {
    await waitForGreeting(port, child, log);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    port,
    dir,
    async stop() {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForGreeting(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with ${child.exitCode}: ${log()}`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(1000);
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (greeted) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`dovecot did not answer on ${port}: ${log()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Puts a raw message into a user's inbox on the IMAP server (what a delivery agent does). */
export async function appendToInbox(imapPort: number, user: MailUser, raw: Buffer | string): Promise<void> {
  const client = new ImapFlow({ host: '127.0.0.1', port: imapPort, secure: false, auth: { user: user.address, pass: user.password }, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.append('INBOX', raw);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

export interface SmtpOptions {
  users: MailUser[];
  /** Where accepted mail for a local user goes; mail for other addresses is only recorded. */
  imapPort?: number;
}

/**
 * Starts an SMTP server (no TLS, AUTH PLAIN/LOGIN against the users) that accepts mail and
 * delivers it to the IMAP inboxes of its local recipients. `received` records every mail.
 */
export async function startSmtp(options: SmtpOptions): Promise<RunningServer & { received: { from: string; to: string[]; raw: Buffer }[] }> {
  const received: { from: string; to: string[]; raw: Buffer }[] = [];
  const byAddress = new Map(options.users.map((u) => [u.address.toLowerCase(), u]));
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    // no DNS from a test: a sandbox without a resolver would wait for its timeout
    disableReverseLookup: true,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      const user = byAddress.get(String(auth.username).toLowerCase());
      if (!user || user.password !== auth.password) return callback(new Error('Invalid username or password'));
      callback(null, { user: user.address });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to, raw });
        const local = to.map((a) => byAddress.get(a.toLowerCase())).filter((u): u is MailUser => Boolean(u));
        if (options.imapPort === undefined) return callback();
        Promise.all(local.map((u) => appendToInbox(options.imapPort!, u, raw))).then(() => callback(), (error: Error) => callback(error));
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
