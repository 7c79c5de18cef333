import { spawn } from 'node:child_process';
import { freePort } from './free-port';

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A Redis server of the test's own on a free port, keeping nothing on disk (Debian's redis-server;
 * .ci/run installs it). Fails loudly when the binary is missing: a suite must not skip in CI.
 */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('error', (error) => reject(new Error(`redis-server could not be started (${error.message}); install Debian's redis-server`)));
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
