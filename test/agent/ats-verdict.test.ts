import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logMark, logSince, reloadVerdict } from '../../agent/ats-verdict.js';
import { errorLines, verifyCommandFor, verifyVerdict } from '../../agent/verify.js';

/*
 * How the agent reads ATS's words (issue 32, finding 2): the lines below are as ATS 9.2 wrote them on this
 * machine (verify_config's stderr, diags.log after `traffic_ctl config reload`). The real-ATS cases are in
 * verify-ats.test.ts; these pin the reading of each form.
 */

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const VERIFY_REFUSED = `NOTE: VERIFY config dir: /etc/x/.cdnctl-staging...
INFO: Successfully loaded plugin.config
[Nov 27 10:43:37.613] traffic_server ERROR: [ReverseProxy] failed to add remap rule at /etc/x/.cdnctl-staging/remap.config line 3: only http, https, ws, wss, and tunnel remappings are supported
ERROR: Failed to load remap.config, exitStatus 1
INFO: Successfully loaded records.config
`;

describe('verify_config', () => {
  it('exit 1 is a refusal, named by the ERROR lines without their time prefix', () => {
    expect(verifyVerdict({ code: 1, output: VERIFY_REFUSED })).toEqual({
      ok: false,
      refused: true,
      why:
        'ERROR: [ReverseProxy] failed to add remap rule at /etc/x/.cdnctl-staging/remap.config line 3: only http, ' +
        'https, ws, wss, and tunnel remappings are supported; ERROR: Failed to load remap.config, exitStatus 1',
    });
  });

  it('exit 0 passes; another code means the check did not run (its Fatal, or the last line)', () => {
    expect(verifyVerdict({ code: 0, output: 'INFO: Successfully loaded remap.config\n' })).toEqual({ ok: true });
    expect(
      verifyVerdict({ code: 70, output: 'Fatal: Trafficserver has not been designed to serve pages while\n' }),
    ).toEqual({ ok: false, refused: false, why: 'Fatal: Trafficserver has not been designed to serve pages while' });
    expect(verifyVerdict({ code: 127, output: 'sh: 1: traffic_server: not found\n' })).toEqual({
      ok: false,
      refused: false,
      why: 'exit code 127: sh: 1: traffic_server: not found',
    });
  });

  it('puts the staging directory in the command, quoted for the shell', () => {
    expect(verifyCommandFor('traffic_server -C verify_config -D {dir}', "/etc/it's")).toBe(
      "traffic_server -C verify_config -D '/etc/it'\\''s'",
    );
  });

  it('reads each ERROR line once, with thread prefixes gone', () => {
    const line = '[Nov 27 10:23:29.130] [ET_TASK 1] ERROR: remap.config failed to load';
    expect(errorLines(`${line}\n${line}\n[Nov 27] [ET_TASK 1] NOTE: remap.config loading ...\n`)).toEqual([
      'ERROR: remap.config failed to load',
    ]);
  });
});

describe('the verdict after a reload', () => {
  const logDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdnctl-diags-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'diags.log'), '[Nov 27 10:00:00.000] [ET_TASK 0] ERROR: remap.config failed to load\n');
    return dir;
  };
  const clock = () => {
    let now = 0;
    return { now: () => now, sleep: async (ms: number) => void (now += ms) };
  };

  it('waits for ATS to finish the changed files it announces and takes only the new ERROR lines about them', async () => {
    const dir = logDir();
    const mark = logMark(dir);
    const c = clock();
    let polls = 0;
    const sleep = async (ms: number) => {
      await c.sleep(ms);
      if (++polls === 3) {
        appendFileSync(
          join(dir, 'diags.log'),
          '[Nov 27 10:23:40.638] [ET_TASK 0] NOTE: parent.config loading ...\n' +
            '[Nov 27 10:23:40.638] [ET_TASK 0] ERROR: [ParentSelection] discarding /etc/x/parent.config entry at line 3 : Malformed entry\n' +
            '[Nov 27 10:23:40.638] [ET_TASK 0] ERROR: [HttpSM] something unrelated\n' +
            '[Nov 27 10:23:40.638] [ET_TASK 0] NOTE: parent.config finished loading\n',
        );
      }
    };
    const verdict = await reloadVerdict({
      logDir: dir,
      mark,
      changed: ['parent.config', 'hosting.config'],
      timeoutMs: 15_000,
      sleep,
      now: c.now,
    });
    expect(verdict).toEqual({
      refused: ['ERROR: [ParentSelection] discarding /etc/x/parent.config entry at line 3 : Malformed entry'],
      unknown: [],
    });
    expect(polls).toBe(3);
  });

  it('says which files ATS had not re-read when the wait ends, and does not wait for files it never announces', async () => {
    const dir = logDir();
    const c = clock();
    expect(
      await reloadVerdict({ logDir: dir, mark: logMark(dir), changed: ['remap.config'], timeoutMs: 1000, ...c }),
    ).toEqual({ refused: [], unknown: ['remap.config'] });
    expect(c.now()).toBeGreaterThanOrEqual(1000);
    const d = clock();
    expect(
      await reloadVerdict({
        logDir: dir,
        mark: logMark(dir),
        changed: ['regex_revalidate.config'],
        timeoutMs: 1000,
        ...d,
      }),
    ).toEqual({ refused: [], unknown: [] });
    expect(d.now()).toBe(0);
  });

  it('reads a rotated (shorter) diags.log from its start', () => {
    const dir = logDir();
    const mark = logMark(dir) + 500;
    writeFileSync(join(dir, 'diags.log'), 'NOTE: fresh\n');
    expect(logSince(dir, mark)).toBe('NOTE: fresh\n');
  });
});
