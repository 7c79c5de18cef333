import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileAtomic } from '../../files/atomic-write';

/**
 * The system logo and navigation icon (system configuration) live under <dataDir>/files/branding
 * with random names. They are served publicly: the sign-in page shows the logo before anyone is
 * signed in, and an <img> cannot send a token. The type is judged by the first bytes (avatar-store's
 * imageTypeOf); SVG is refused, since an SVG can carry script and no sanitiser is installed.
 */
export const BRANDING_MAX_BYTES = 2 * 1024 * 1024;
export const BRANDING_URL_PREFIX = '/api/file/Image/systemBranding/';
export const BRANDING_NAME_PATTERN = '^[a-f0-9]{32}\\.(png|jpg|gif|webp)$';

export const brandingDir = (dataDir: string) => path.join(dataDir, 'files', 'branding');

/** Stores the image bytes under a new random name; returns the name. */
export async function saveBranding(dataDir: string, bytes: Buffer, ext: string): Promise<string> {
  const dir = brandingDir(dataDir);
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  // the name is new and random; a reader (another process) sees the image whole or not at all
  await writeFileAtomic(path.join(dir, name), bytes);
  return name;
}

/** The path of a stored branding image, or null for any other name. */
export async function brandingPath(dataDir: string, name: string): Promise<string | null> {
  if (!new RegExp(BRANDING_NAME_PATTERN).test(name)) return null;
  const file = path.join(brandingDir(dataDir), path.basename(name));
  try {
    return (await fs.stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}
