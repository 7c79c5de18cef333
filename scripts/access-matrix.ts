import fs from 'node:fs';
import path from 'node:path';
import { startTestServer } from '../tests/helpers/server';
import { TABLE_FILE, callerPermissions, expectedRow, formatTable, readTable, updateTable } from '../tests/security/access-matrix-table';

/**
 * `npm run access-matrix:update [-- --dry-run]`: brings tests/security/access-matrix.json in
 * step with the routes the server registers. A route without a line gets one derived from its
 * declared access (and from the permission codes the demo accounts hold); lines of routes that
 * no longer exist are dropped; existing lines are kept as they are (someone may have
 * recorded, with a note, a refusal the handler makes on its own). The matrix test then checks every line by
 * real requests, so review the diff and run it:
 *   npx vitest run --project api-sqlite tests/security/access-matrix.test.ts
 */
const dryRun = process.argv.includes('--dry-run');

const server = await startTestServer();
try {
  const permissionsOf = await callerPermissions(server.url, server.database.db);
  const routes = server.app.declaredRoutes();
  const { added, stale, next } = updateTable(readTable(), routes, (route) => expectedRow(route.access, permissionsOf));
  const relative = path.relative(process.cwd(), TABLE_FILE);
  const addedKeys = Object.keys(added);
  if (addedKeys.length) {
    console.log(`${dryRun ? 'would add' : 'added'} ${addedKeys.length} route(s) to ${relative}, derived from their declared access:`);
    console.log(formatTable(added).trim());
  }
  if (stale.length) console.log(`${dryRun ? 'would drop' : 'dropped'} ${stale.length} line(s) of routes that no longer exist:\n  ${stale.join('\n  ')}`);
  if (!addedKeys.length && !stale.length) console.log(`${relative} lists every one of the ${routes.length} routes; nothing to change`);
  else if (!dryRun) {
    fs.writeFileSync(TABLE_FILE, formatTable(next));
    console.log('now check it by real requests: npx vitest run --project api-sqlite tests/security/access-matrix.test.ts');
  }
} finally {
  await server.close();
}
