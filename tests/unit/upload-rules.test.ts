import { describe, expect, it } from 'vitest';
import { acceptCategories, refusalOf, sizeLimitBytes, uploadLimitsOf } from '../../src/runtime/upload-rules';
import { contentMatchesName } from '../../server/modules/file/uploads/content-sniff';

describe('upload limits (spec 5)', () => {
  it('reads fileSize and sizeUnit with the default of 10 MB', () => {
    expect(sizeLimitBytes(undefined, undefined)).toEqual({ bytes: 10 * 1048576, size: 10, unit: 'MB' });
    expect(sizeLimitBytes(2, 'KB')).toEqual({ bytes: 2048, size: 2, unit: 'KB' });
    expect(sizeLimitBytes('1', 'gb').bytes).toBe(1073741824);
  });

  it('refuses by count first, then type, then size', () => {
    const limits = uploadLimitsOf({ limit: 2, fileSize: 1, sizeUnit: 'KB', accept: 'image,pdf' }, false);
    expect(refusalOf({ name: 'a.pdf', size: 10 }, limits, 2)).toEqual({ reason: 'limit', n: 2 });
    expect(refusalOf({ name: 'a.doc', size: 10 }, limits, 0)).toEqual({ reason: 'type', types: 'image、pdf' });
    expect(refusalOf({ name: 'a.PDF', size: 1025 }, limits, 0)).toEqual({ reason: 'size', size: 1, unit: 'KB' });
    expect(refusalOf({ name: 'a.png', size: 1024 }, limits, 1)).toBeNull();
    expect(refusalOf({ name: 'run.exe', size: 1 }, uploadLimitsOf({}, false), 0)?.reason).toBe('type');
    expect(refusalOf({ name: 'a.pdf', size: 1 }, uploadLimitsOf({}, true), 0)?.reason).toBe('type');
  });

  it('reads accept as categories, MIME patterns, or anything', () => {
    expect(acceptCategories('image/*,.pdf')).toEqual(['image', 'pdf']);
    expect(acceptCategories('')).toBeNull();
    expect(acceptCategories('*')).toBeNull();
  });
});

describe('content sniffing', () => {
  const bytes = (...b: number[]) => Buffer.from(b);
  it('accepts what the extension claims and refuses a renamed binary', () => {
    expect(contentMatchesName('a.png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(contentMatchesName('a.jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(contentMatchesName('a.pdf', Buffer.from('%PDF-1.7'))).toBe(true);
    expect(contentMatchesName('a.docx', bytes(0x50, 0x4b, 0x03, 0x04))).toBe(true);
    expect(contentMatchesName('a.xls', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(true);
    expect(contentMatchesName('a.mp4', Buffer.concat([bytes(0, 0, 0, 0x18), Buffer.from('ftypmp42')]))).toBe(true);
    expect(contentMatchesName('a.txt', Buffer.from('中文 text'))).toBe(true);
    expect(contentMatchesName('a.txt', bytes(0x4d, 0x5a, 0x90, 0x00))).toBe(false);
    expect(contentMatchesName('a.png', bytes(0xff, 0xd8, 0xff))).toBe(false);
    expect(contentMatchesName('a.exe', bytes(0x4d, 0x5a))).toBe(false);
    expect(contentMatchesName('a.pdf', Buffer.alloc(0))).toBe(false);
  });
});

describe('abandoned uploads', () => {
  it('are pruned after their age, recent ones kept', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { FileStore } = await import('../../server/modules/file/uploads/file-store');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-prune-'));
    try {
      fs.mkdirSync(path.join(root, 'chunks', 'u-old'), { recursive: true });
      fs.mkdirSync(path.join(root, 'chunks', 'u-new'), { recursive: true });
      const weekAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
      fs.utimesSync(path.join(root, 'chunks', 'u-old'), weekAgo, weekAgo);
      expect(await new FileStore(root).pruneAbandoned(7 * 24 * 3600 * 1000)).toBe(1);
      expect(fs.readdirSync(path.join(root, 'chunks'))).toEqual(['u-new']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
