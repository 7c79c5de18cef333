import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createOnceSync } from '../files/atomic-write';

/**
 * Encrypts secrets the server must be able to use again (a mail account's password) with
 * AES-256-GCM. The key is SECRET_KEY from the environment (any text; its SHA-256 is the key),
 * else a random key kept in <dataDir>/secret.key (mode 0600), made on first use: a copied
 * database without that file or variable yields no passwords. Text form: v1.<iv>.<tag>.<data>, base64url.
 */
export class SecretBox {
  private key: Buffer | null = null;

  constructor(private readonly source: { secretKey?: string; dataDir: string }) {}

  private keyBytes(): Buffer {
    if (this.key) return this.key;
    if (this.source.secretKey) return (this.key = createHash('sha256').update(this.source.secretKey).digest());
    const file = path.join(this.source.dataDir, 'secret.key');
    // made once: processes starting at once all end with the first one's key, read only when whole
    this.key = Buffer.from(createOnceSync(file, () => randomBytes(32).toString('base64')).toString('utf8').trim(), 'base64');
    if (this.key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
    return this.key;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyBytes(), iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The plain text, or null when it was sealed under another key or altered. */
  open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.keyBytes(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
