import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createOnceSync } from '../../server/files/atomic-write';
import { SecretBox } from '../../server/security/secret-box';
import { TicketSigner } from '../../server/modules/file/uploads/tickets';

/**
 * A child process of tests/unit/atomic-write.test.ts: says "ready", waits until the go file
 * exists (so all children start their create at once), makes the key and prints what it reads.
 * argv: kind (raw | secret | ticket), the directory, the go file.
 */
const [kind, dir, go] = process.argv.slice(2) as [string, string, string];
process.stdout.write('ready\n');
const pause = new Int32Array(new SharedArrayBuffer(4));
while (!fs.existsSync(go)) Atomics.wait(pause, 0, 0, 1);
if (kind === 'secret') {
  // a sealed text opens only under the key it was sealed with: the parent opens it with the file's key
  process.stdout.write(`${new SecretBox({ dataDir: dir }).seal('same key')}\n`);
} else if (kind === 'ticket') {
  process.stdout.write(`${new TicketSigner(dir).sign('file', 'user', 1_000_000)}\n`);
} else {
  const key = createOnceSync(`${dir}/key`, () => randomBytes(32));
  process.stdout.write(`${key.toString('hex')}\n`);
}
