import { CHUNK_RETRIES, chunkCount } from './upload-rules';

/**
 * The browser's upload queue as a pure state machine (spec widgets 4 "Upload file states"):
 * checking (hashing) → waiting → uploading → success, with paused and error on the way; pause,
 * resume, retry and cancel. Files go one at a time; each asks the server which chunks it holds
 * (resume after a closed tab or a server restart), sends the rest with up to CHUNK_RETRIES
 * attempts each, then merges. The hashing, the calls and the file type are injected, so this
 * runs in unit tests without a browser or a server.
 */
export type UploadState = 'checking' | 'waiting' | 'uploading' | 'paused' | 'error' | 'success';

export interface UploadFileLike {
  readonly name: string;
  readonly size: number;
}

export interface UploadTransport<F extends UploadFileLike, R> {
  /** Hex MD5 of the whole file; calls onProgress(0..1); rejects when the file cannot be read. */
  hash(file: F, onProgress: (fraction: number) => void): Promise<string>;
  /** The chunk numbers (from 1) the server holds; uploaded: it has the whole file already. */
  test(file: F, md5: string): Promise<{ uploaded: boolean; chunkNumbers: number[] }>;
  chunk(file: F, md5: string, chunkNumber: number): Promise<void>;
  merge(file: F, md5: string): Promise<R>;
}

export interface UploadItem<F extends UploadFileLike, R> {
  readonly id: number;
  readonly file: F;
  state: UploadState;
  /** 0..1: the hash while checking, then the share of chunks the server holds. */
  progress: number;
  md5?: string;
  /** The error's message (a read error says so: readError true). */
  error?: string;
  readError?: boolean;
  result?: R;
}

type Listener<F extends UploadFileLike, R> = (items: readonly UploadItem<F, R>[]) => void;

export class UploadQueue<F extends UploadFileLike, R> {
  private items: UploadItem<F, R>[] = [];
  private nextId = 1;
  private running: UploadItem<F, R> | null = null;
  private readonly listeners = new Set<Listener<F, R>>();

  constructor(
    private readonly transport: UploadTransport<F, R>,
    private readonly hooks: { onSuccess?(item: UploadItem<F, R>): void; onError?(item: UploadItem<F, R>): void } = {},
  ) {}

  subscribe(listener: Listener<F, R>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  list(): readonly UploadItem<F, R>[] {
    return this.items;
  }

  /** Busy while any file is checking, waiting or uploading (the upload button's loading state). */
  get busy(): boolean {
    return this.items.some((i) => i.state === 'checking' || i.state === 'waiting' || i.state === 'uploading');
  }

  add(file: F): UploadItem<F, R> {
    const item: UploadItem<F, R> = { id: this.nextId++, file, state: 'checking', progress: 0 };
    this.items = [...this.items, item];
    this.emit();
    void this.check(item);
    return item;
  }

  pause(id: number): void {
    const item = this.find(id);
    if (item && (item.state === 'waiting' || item.state === 'uploading')) this.set(item, { state: 'paused' });
  }

  resume(id: number): void {
    const item = this.find(id);
    if (item && item.state === 'paused') this.queue(item);
  }

  retry(id: number): void {
    const item = this.find(id);
    if (!item || item.state !== 'error') return;
    if (item.md5) this.queue(item, { error: undefined });
    else {
      this.set(item, { state: 'checking', error: undefined, readError: undefined, progress: 0 });
      void this.check(item);
    }
  }

  /** Removes the file; a chunk in flight finishes, and nothing after it is sent. */
  cancel(id: number): void {
    this.items = this.items.filter((i) => i.id !== id);
    this.emit();
  }

  /** Forgets finished files (after the field took their results). */
  clearDone(): void {
    this.items = this.items.filter((i) => i.state !== 'success');
    this.emit();
  }

  private async check(item: UploadItem<F, R>) {
    try {
      const md5 = await this.transport.hash(item.file, (fraction) => this.alive(item) && item.state === 'checking' && this.set(item, { progress: fraction }));
      if (!this.alive(item)) return;
      this.queue(item, { md5 });
    } catch (error) {
      this.fail(item, error, true);
    }
  }

  private queue(item: UploadItem<F, R>, patch: Partial<UploadItem<F, R>> = {}) {
    this.set(item, { ...patch, state: 'waiting', progress: 0 });
    void this.pump();
  }

  /** Starts the next waiting file when none is uploading. */
  private async pump() {
    if (this.running) return;
    const next = this.items.find((i) => i.state === 'waiting');
    if (!next) return;
    this.running = next;
    try {
      await this.upload(next);
    } finally {
      this.running = null;
      void this.pump();
    }
  }

  private async upload(item: UploadItem<F, R>) {
    const md5 = item.md5!;
    this.set(item, { state: 'uploading' });
    try {
      const held = await this.transport.test(item.file, md5);
      const total = chunkCount(item.file.size);
      if (!held.uploaded) {
        const have = new Set(held.chunkNumbers);
        this.set(item, { progress: have.size / total });
        for (let n = 1; n <= total; n++) {
          if (have.has(n)) continue;
          if (!this.stillUploading(item)) return;
          await this.sendWithRetries(item, md5, n);
          have.add(n);
          if (this.alive(item)) this.set(item, { progress: have.size / total });
        }
      }
      if (!this.stillUploading(item)) return;
      const result = await this.transport.merge(item.file, md5);
      if (!this.alive(item)) return;
      this.set(item, { state: 'success', progress: 1, result });
      this.hooks.onSuccess?.(item);
    } catch (error) {
      this.fail(item, error, false);
    }
  }

  private async sendWithRetries(item: UploadItem<F, R>, md5: string, n: number) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.transport.chunk(item.file, md5, n);
      } catch (error) {
        // A refusal by the server (it answered) is final; a network failure is tried again.
        if (attempt >= CHUNK_RETRIES || (error as { final?: boolean }).final || !this.stillUploading(item)) throw error;
      }
    }
  }

  private fail(item: UploadItem<F, R>, error: unknown, readError: boolean) {
    if (!this.alive(item)) return;
    this.set(item, { state: 'error', error: error instanceof Error ? error.message : String(error), readError });
    this.hooks.onError?.(item);
  }

  private stillUploading = (item: UploadItem<F, R>) => this.alive(item) && item.state === 'uploading';
  private alive = (item: UploadItem<F, R>) => this.items.includes(item);
  private find = (id: number) => this.items.find((i) => i.id === id);

  private set(item: UploadItem<F, R>, patch: Partial<UploadItem<F, R>>) {
    Object.assign(item, patch);
    // a new array and new item objects: React sees the change
    this.items = this.items.map((i) => (i === item ? item : i));
    this.emit();
    return true;
  }

  private emit() {
    const snapshot = this.items.map((i) => ({ ...i }));
    for (const listener of this.listeners) listener(snapshot);
  }
}
