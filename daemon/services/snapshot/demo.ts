import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StoreOrDb } from '../../store/sqlite/store-of.js';
import { importSnapshot } from './import.js';

/**
 * Where the bundled demo snapshot is: beside this module in the source tree, or at the package root's
 * daemon/services/snapshot/ when running from dist/daemon/services/snapshot/ (package.json ships that file).
 */
export function demoSnapshotFile(): string {
  const candidates = [
    new URL('demo.snapshot.json', import.meta.url),
    new URL('../../../../daemon/services/snapshot/demo.snapshot.json', import.meta.url),
  ].map((u) => fileURLToPath(u));
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`the demo snapshot is missing (looked for ${candidates.join(' and ')})`);
  return found;
}

interface DemoUser {
  username: string;
  role: string;
  tenant: string;
  localPassword?: string;
}

/** Lines that tell a newcomer how to log in as each demo user. */
export function demoUserLines(users: DemoUser[]): string[] {
  const listed = users.filter((u) => u.localPassword);
  const nameWidth = Math.max(0, ...listed.map((u) => u.username.length));
  const passwordWidth = Math.max(0, ...listed.map((u) => u.localPassword!.length));
  return listed.map(
    (u) =>
      `  ${u.username.padEnd(nameWidth)}  ${u.localPassword!.padEnd(passwordWidth)}  ${u.role}, tenant ${u.tenant}`,
  );
}

/**
 * The `--demo` hook of serve(): on a data dir's first start, imports the bundled demo CDN and prints the demo
 * users' passwords; on any later start it changes nothing and says so. `admin` keeps its first-start password.
 */
export async function loadDemo(ctx: {
  store: StoreOrDb;
  firstStart: boolean;
  say: (line: string) => void;
}): Promise<void> {
  if (!ctx.firstStart) {
    ctx.say(
      '--demo: this data dir already has data, so the demo CDN was not loaded (it only loads into a new data dir)',
    );
    return;
  }
  const doc = JSON.parse(readFileSync(demoSnapshotFile(), 'utf8')) as {
    deliveryServices: unknown[];
    users: DemoUser[];
  };
  const summary = await importSnapshot(ctx.store, doc);
  ctx.say(
    `loaded the demo CDN: ${summary.cdns.created} CDNs, ${summary.tenants.created} tenants, ` +
      `${summary.deliveryServices.created} delivery services, ${summary.users.created} users`,
  );
  ctx.say('demo users (username, password, role and tenant); admin keeps its own password:');
  for (const line of demoUserLines(doc.users)) ctx.say(line);
}
