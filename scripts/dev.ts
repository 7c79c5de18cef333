import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: the API server (restarted on server changes, descriptors in schemas/
 * reloaded live) and Vite's dev server, which proxies /api to it. Open the Vite URL.
 */
const apiPort = process.env.API_PORT ?? '3000';
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited (${code ?? 'signal'}); stopping`);
    stop(code ?? 1);
  });
  children.push(child);
}

function stop(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('api', process.execPath, ['--watch-path=server', '--watch-path=src/runtime', '--import', 'tsx', 'server/main.ts'], {
  PORT: apiPort,
  SCHEMA_WATCH: '1',
  STATIC_DIR: './.no-static-in-dev',
});
run('vite', process.execPath, ['node_modules/vite/bin/vite.js'], { API_PORT: apiPort });
