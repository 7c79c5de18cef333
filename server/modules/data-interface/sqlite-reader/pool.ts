import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ReaderJob, ReaderResult } from '../reader-protocol';

export interface ReaderPoolOptions {
  /** Children running queries at the same time; more calls wait their turn. */
  size: number;
  /** A query still running after this is killed with its process. */
  timeLimitMs: number;
}

/**
 * The child's script. In the server bundle (dist-server/main.js) it is the bundled
 * dist-server/sqlite-reader.js; from the sources it is child.ts, loaded by tsx as the server
 * itself is (a production install has no tsx, and needs none).
 */
function childScript(): { file: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.js')) return { file: fileURLToPath(new URL('./sqlite-reader.js', import.meta.url)), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file: fileURLToPath(new URL('./child.ts', import.meta.url)), execArgv: ['--import', tsx] };
}
/** A child that has not opened the database by then is broken. */
const START_LIMIT_MS = 30_000;

interface Slot {
  child: ChildProcess | null;
  ready: Promise<ChildProcess> | null;
}

/**
 * Child processes running SQLite interface queries (child.ts), started on first use. Each runs
 * one query at a time; a query past the time limit is stopped by killing its child (the next
 * query starts a fresh one), so the time limit holds whatever SQLite is doing.
 */
export class SqliteReaderPool {
  private readonly slots: Slot[];
  private readonly idle: Slot[];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly options: ReaderPoolOptions,
  ) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({ child: null, ready: null }));
    this.idle = [...this.slots];
  }

  async run(job: ReaderJob): Promise<ReaderResult> {
    const slot = await this.take();
    try {
      return await this.runIn(slot, job);
    } finally {
      this.give(slot);
    }
  }

  close(): void {
    this.closed = true;
    for (const slot of this.slots) this.stop(slot);
  }

  private async runIn(slot: Slot, job: ReaderJob): Promise<ReaderResult> {
    let child: ChildProcess;
    try {
      child = await this.started(slot);
    } catch (error) {
      return { ok: false, failure: { key: 'dataInterface.readerUnavailable', detail: error instanceof Error ? error.message : String(error) } };
    }
    const id = this.nextId++;
    return new Promise<ReaderResult>((resolve) => {
      const finish = (result: ReaderResult) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(result);
      };
      const onMessage = (message: { id?: number; result?: ReaderResult }) => {
        if (message.id === id && message.result) finish(message.result);
      };
      const onExit = () => {
        this.forget(slot, child);
        finish({ ok: false, failure: { key: 'dataInterface.readerUnavailable', detail: 'the SQLite reader stopped' } });
      };
      const timer = setTimeout(() => {
        this.stop(slot);
        finish({ ok: false, failure: { key: 'dataInterface.timeLimit', seconds: this.options.timeLimitMs / 1000 } });
      }, this.options.timeLimitMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ id, job });
    });
  }

  private started(slot: Slot): Promise<ChildProcess> {
    if (slot.ready) return slot.ready;
    const script = childScript();
    const child = fork(script.file, [this.file], { execArgv: script.execArgv, serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    slot.child = child;
    slot.ready = new Promise<ChildProcess>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error('the SQLite reader did not start')), START_LIMIT_MS);
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.stop(slot);
        reject(error);
      };
      child.once('error', fail);
      child.once('exit', (code) => fail(new Error(`the SQLite reader exited (${code})`)));
      child.once('message', () => {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.removeAllListeners('error');
        child.on('exit', () => this.forget(slot, child));
        resolve(child);
      });
    });
    return slot.ready;
  }

  private stop(slot: Slot): void {
    const child = slot.child;
    slot.child = null;
    slot.ready = null;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  private forget(slot: Slot, child: ChildProcess): void {
    if (slot.child === child) {
      slot.child = null;
      slot.ready = null;
    }
  }

  private take(): Promise<Slot> {
    if (this.closed) return Promise.reject(new Error('the SQLite reader pool is closed'));
    const slot = this.idle.pop();
    if (slot) return Promise.resolve(slot);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.idle.push(slot);
  }
}
