// The real cdnctl ui in real terminals (tmux) at 80×24 and 200×50 against a real daemon with 40 caches
// (issue 33 item 5): at 80 columns low-priority columns go instead of every cell being cut; at 50 rows the list
// fills the height; Esc keeps the home menu's place; q leaves through the alternate screen; a job's detail shows
// its progress and w watches it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTerminal, type Terminal } from '../helpers/tmux.js';
import { CDNCTL, cliEnv } from '../../../helpers/cli.js';
import { CLI_SNAPSHOT, useCliDaemon } from '../../../helpers/cli-daemon.js';

const CACHES = new URL('../../../fixtures/caches.snapshot.json', import.meta.url);
const MANY = 40;

/** A snapshot with 40 more edge caches (long host names) over the cache groups of caches.snapshot.json. */
function manyCaches(): URL {
  const base = JSON.parse(readFileSync(CACHES, 'utf8')) as { servers: Array<Record<string, unknown>> };
  const template = base.servers.find((s) => s.hostName === 'edge1a');
  const servers = Array.from({ length: MANY }, (_, i) => ({
    ...template,
    hostName: `edge-frankfurt-${String(i + 1).padStart(2, '0')}`,
    ipAddress: `127.0.1.${i + 1}`,
  }));
  const file = join(mkdtempSync(join(tmpdir(), 'cdnctl-ui-fill-')), 'many.snapshot.json');
  writeFileSync(file, JSON.stringify({ servers }));
  return pathToFileURL(file);
}

const { daemon, cli } = useCliDaemon({ login: 'admin', snapshots: [CLI_SNAPSHOT, CACHES, manyCaches()] });
let terminal: Terminal | undefined;
let jobId = 0;

beforeAll(async () => {
  const made = await cli.run(['purge', '--ds', 'ds1', '--regex', '/images/.*', '--ttl', '24', '-o', 'json']);
  if (made.code !== 0) throw new Error(made.stderr);
  jobId = Number(/"id":\s*"?(\d+)/.exec(made.stdout)?.[1]);
  if (!jobId) throw new Error(`no job id in ${made.stdout}`);
}, 60_000);
afterEach(() => terminal?.close());

function open(columns: number, rows: number): Terminal {
  terminal = openTerminal(
    [process.execPath, CDNCTL, 'ui'],
    cliEnv(daemon, { CI: undefined, TERM: 'xterm-256color' }),
    columns,
    rows,
  );
  return terminal;
}

async function openServers(t: Terminal): Promise<string> {
  await t.waitFor('Signed in as admin');
  t.type('/servers');
  await t.waitFor('› Servers');
  t.press('Enter');
  return t.waitFor(/edge-frankfurt-0[1-5]|edge-.*urt-0/);
}

const hostRows = (screen: string) => screen.split('\n').filter((l) => /edge|mid\d/.test(l) && !l.includes('›  '));

describe('cdnctl ui in real terminals', () => {
  it('80×24: the servers table drops columns rather than cutting cells, fits, and q leaves no frame', async () => {
    const t = open(80, 24);
    const screen = await openServers(t);
    const lines = screen.replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(24);
    expect(lines[0]).toContain('cdnctl › Servers');
    for (const line of lines) expect(line.trimEnd().length).toBeLessThanOrEqual(80);
    const header = lines.find((l) => /\bHost\b/.test(l)) ?? '';
    for (const kept of ['Host', 'Status', 'Upd', 'Reval']) expect(header).toContain(kept);
    // Not `REPOR…`, `pendi…` or `edge-…nkfurt-01`: every shown cell is whole.
    const rows = hostRows(screen);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row).not.toContain('…');
    expect(rows.join('\n')).toMatch(/edge-frankfurt-01\s+EDGE\s+REPORTED/);
    t.type('q');
    const after = await t.waitFor('EXIT=0');
    // The alternate screen: the shell's page comes back, without the app's last frame.
    expect(after).not.toContain('cdnctl › Servers');
    expect(after).not.toContain('edge-frankfurt');
  });

  it('200×50: the servers list fills the height (not 15 rows) and everything fits; Esc keeps the menu place', async () => {
    const t = open(200, 50);
    const screen = await openServers(t);
    const lines = screen.replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(50);
    expect(lines[0]).toContain('cdnctl › Servers');
    expect(hostRows(screen).length).toBeGreaterThanOrEqual(35);
    // Wide enough for every column, checks read as marks.
    expect(lines.find((l) => /\bHost\b/.test(l))).toMatch(/Last check-in.*HTTP.*CKIN.*UPD/);
    t.press('Escape');
    const home = await t.waitFor('Signed in as admin');
    expect(home).toMatch(/› Servers/);
    expect(home).not.toMatch(/› Delivery services/);
    t.type('q');
    await t.waitFor('EXIT=0');
  });

  it('80×24: a job shows its progress on the caches, w watches it, and its statuses are whole', async () => {
    const t = open(80, 24);
    await t.waitFor('Signed in as admin');
    t.type('/jobs');
    await t.waitFor('› Jobs');
    t.press('Enter');
    const list = await t.waitFor('/images/');
    expect(list).not.toMatch(/PENDI…|ACTI…|acm…/);
    t.press('Enter');
    const detail = await t.waitFor('Progress on the caches');
    expect(detail).toContain(`job ${jobId}`);
    await t.waitFor(/EDGE\s+\[[#-]+\]\s+\d+\/\d+ applied/);
    t.type('w');
    const watching = await t.waitFor('propagation');
    expect(watching).toContain(`job ${jobId}`);
    t.type('q');
    t.press('Escape');
  });
});
