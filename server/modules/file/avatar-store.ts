import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileAtomic } from '../../files/atomic-write';

/**
 * Avatars live under <dataDir>/files/avatar with random names (128 bits) after the uploader's
 * user id: the serving route is public because an <img> tag cannot send the bearer token, and an
 * unguessable name is the key; the id prefix says whose file it is, so nobody can take another
 * user's upload as their own avatar.
 */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_URL_PREFIX = '/api/file/Image/userAvatar/';
/** Names we hand out; the serving route accepts any plain file name and finds nothing else. */
export const AVATAR_NAME_PATTERN = '^[A-Za-z0-9_-]{1,80}\\.(png|jpg|gif|webp)$';

const TYPES = [
  { ext: 'png', mime: 'image/png', test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { ext: 'webp', mime: 'image/webp', test: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
] as const;

/** The image type by its first bytes (never by the name or the declared type); SVG is refused on purpose. */
export function imageTypeOf(bytes: Buffer): (typeof TYPES)[number] | null {
  return TYPES.find((t) => t.test(bytes)) ?? null;
}

export const mimeOfName = (name: string) => TYPES.find((t) => name.endsWith(`.${t.ext}`))?.mime ?? 'application/octet-stream';

export const avatarDir = (dataDir: string) => path.join(dataDir, 'files', 'avatar');

/** Whether the stored avatar `name` was uploaded by `userId`. */
export const isAvatarOf = (name: string, userId: string) => name.startsWith(`${userId}-`);

/** Stores the image bytes under a new random name owned by `userId`; returns the name. */
export async function saveAvatar(dataDir: string, bytes: Buffer, ext: string, userId: string): Promise<string> {
  const dir = avatarDir(dataDir);
  const name = `${userId}-${randomBytes(16).toString('hex')}.${ext}`;
  // the name is new and random; a reader (another process) sees the image whole or not at all
  await writeFileAtomic(path.join(dir, name), bytes);
  return name;
}

/** The path of a stored avatar, or null; the name is reduced to its base name first. */
export async function avatarPath(dataDir: string, name: string): Promise<string | null> {
  if (!new RegExp(AVATAR_NAME_PATTERN).test(name)) return null;
  const file = path.join(avatarDir(dataDir), path.basename(name));
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? file : null;
  } catch {
    return null;
  }
}
