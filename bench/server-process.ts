import { spawn } from 'node:child_process';
import { freePort } from '../tests/helpers/free-port';

export interface ServerProcess {
  url: string;
  pid: number;
  /** SIGTERM, and wait for the exit (the server writes a CPU profile on the way out, if asked). */
  stop(): Promise<void>;
  /** SIGKILL (no shutdown of any kind), and wait for the exit. */
  kill(): Promise<void>;
  /** The exit code once the process has ended (null: ended by a signal). */
  exited: Promise<number | null>;
}

/**
 * The server as its own process from the TypeScript sources of `root`, on a free port, with
 * LOG_LEVEL=warn and rate limits off (a benchmark is not an attack) unless `env` sets them; resolves once it listens.
 */
export async function spawnServer(root: string, env: Record<string, string>, nodeFlags: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_ACCOUNT: '0', RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_SHORT_LINK: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('is running at')) resolve();
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    exited,
  };
}
