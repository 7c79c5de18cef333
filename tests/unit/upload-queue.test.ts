import { describe, expect, it } from 'vitest';
import { UploadQueue, type UploadItem, type UploadTransport } from '../../src/runtime/upload-queue';
import { CHUNK_SIZE } from '../../src/runtime/upload-rules';

interface FakeFile {
  name: string;
  size: number;
  unreadable?: boolean;
}

/** An in-memory server: chunks held per MD5, failures to inject, a gate to hold a chunk in flight. */
function fakeServer() {
  const held = new Map<string, Set<number>>();
  const sent: number[] = [];
  const state = { failures: 0, refuse: false, gate: null as null | Promise<void> };
  const transport: UploadTransport<FakeFile, string> = {
    async hash(file, onProgress) {
      if (file.unreadable) throw new Error('read');
      onProgress(0.5);
      onProgress(1);
      return `md5-${file.name}`;
    },
    async test(_file, md5) {
      return { uploaded: false, chunkNumbers: [...(held.get(md5) ?? [])] };
    },
    async chunk(_file, md5, n) {
      if (state.gate) await state.gate;
      if (state.refuse) throw Object.assign(new Error('refused'), { final: true });
      if (state.failures > 0) {
        state.failures--;
        throw new Error('network');
      }
      sent.push(n);
      if (!held.has(md5)) held.set(md5, new Set());
      held.get(md5)!.add(n);
    },
    async merge(file) {
      return `stored:${file.name}`;
    },
  };
  return { transport, held, sent, state };
}

const settled = async (queue: UploadQueue<FakeFile, string>, id: number, states: string[]) => {
  for (let i = 0; i < 200; i++) {
    const item = queue.list().find((x) => x.id === id);
    if (item && states.includes(item.state)) return item;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`item ${id} never reached ${states.join('/')}: ${JSON.stringify(queue.list().find((x) => x.id === id))}`);
};

describe('upload queue', () => {
  it('checks (hash progress), waits, uploads every chunk and succeeds with the merge result', async () => {
    const server = fakeServer();
    const seen: string[] = [];
    const done: UploadItem<FakeFile, string>[] = [];
    const queue = new UploadQueue(server.transport, { onSuccess: (item) => done.push(item) });
    queue.subscribe((items) => items[0] && seen.at(-1) !== items[0].state && seen.push(items[0].state));
    const item = queue.add({ name: 'a.pdf', size: CHUNK_SIZE * 2 + 10 });
    const finished = await settled(queue, item.id, ['success']);
    expect(seen).toEqual(['checking', 'waiting', 'uploading', 'success']);
    expect(server.sent).toEqual([1, 2, 3]);
    expect(finished.progress).toBe(1);
    expect(done.map((d) => d.result)).toEqual(['stored:a.pdf']);
  });

  it('resumes with only the chunks the server lacks, after a pause', async () => {
    const server = fakeServer();
    server.held.set('md5-b.mp4', new Set([1, 3]));
    let release!: () => void;
    server.state.gate = new Promise((resolve) => (release = resolve));
    const queue = new UploadQueue(server.transport);
    const item = queue.add({ name: 'b.mp4', size: CHUNK_SIZE * 4 });
    await settled(queue, item.id, ['uploading']);
    queue.pause(item.id);
    release();
    server.state.gate = null;
    const paused = await settled(queue, item.id, ['paused']);
    // the chunk in flight finished; nothing after it was sent
    expect(server.sent).toEqual([2]);
    expect(paused.state).toBe('paused');
    queue.resume(item.id);
    await settled(queue, item.id, ['success']);
    expect(server.sent).toEqual([2, 4]);
  });

  it('tries a chunk up to five times on network failures, then errors; retry continues where it stopped', async () => {
    const server = fakeServer();
    server.state.failures = 4;
    const queue = new UploadQueue(server.transport);
    const first = queue.add({ name: 'c.txt', size: 10 });
    await settled(queue, first.id, ['success']);
    expect(server.sent).toEqual([1]);

    server.state.failures = 5;
    const second = queue.add({ name: 'd.txt', size: CHUNK_SIZE + 1 });
    const failed = await settled(queue, second.id, ['error']);
    expect(failed.error).toBe('network');
    expect(failed.readError).toBe(false);
    queue.retry(second.id);
    await settled(queue, second.id, ['success']);
    expect(server.sent).toEqual([1, 1, 2]);
  });

  it('stops at once on a refusal, reports read errors, and cancel removes the file', async () => {
    const server = fakeServer();
    server.state.refuse = true;
    const queue = new UploadQueue(server.transport);
    const refused = queue.add({ name: 'e.pdf', size: 10 });
    expect((await settled(queue, refused.id, ['error'])).error).toBe('refused');
    const unreadable = queue.add({ name: 'f.pdf', size: 10, unreadable: true });
    expect((await settled(queue, unreadable.id, ['error'])).readError).toBe(true);
    queue.cancel(refused.id);
    expect(queue.list().map((i) => i.file.name)).toEqual(['f.pdf']);
    expect(queue.busy).toBe(false);
  });
});
