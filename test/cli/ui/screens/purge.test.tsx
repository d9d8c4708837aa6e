import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // Colours are part of what is tested here (the match-everything warning).
  process.env.FORCE_COLOR = '1';
});

import { cleanup, render } from 'ink-testing-library';
import { PurgeWizard, type PurgeWizardProps } from '../../../../cli/ui/screens/purge/PurgeWizard.js';
import { deferred, deliveryServices, job } from '../helpers/fixtures.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';

const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
const YELLOW = '\u001B[33m';
const stripAnsi = (text: string) => text.replace(/\u001B\[[0-9;]*m/g, '');

function setup(overrides: Partial<PurgeWizardProps> = {}) {
  const props: PurgeWizardProps = {
    listDeliveryServices: vi.fn(async () => deliveryServices),
    maxTtlHours: vi.fn(async () => 2160),
    createJob: vi.fn(async () => ({
      alerts: [{ level: 'success', text: 'Invalidate content request submitted for ds1' }],
      job: job({ id: '42' }),
    })),
    now: () => NOW,
    onBack: vi.fn(),
    onQuit: vi.fn(),
    onShowJobs: vi.fn(),
    width: 100,
    ...overrides,
  };
  const view = render(<PurgeWizard {...props} />);
  const frame = () => stripAnsi(view.lastFrame() ?? '');
  return { ...view, props, frame, wait: (check: string) => waitForFrame(frame, check) };
}

async function toDetails(view: ReturnType<typeof setup>, xmlId = 'ds1') {
  await view.wait(xmlId);
  await press(view.stdin, '/');
  await type(view.stdin, xmlId);
  await press(view.stdin, KEY.enter);
  await view.wait('Regex');
}

afterEach(cleanup);

describe('Purge wizard', () => {
  it('shows a spinner until the delivery services arrive, then lists them with their origins', async () => {
    const list = deferred<typeof deliveryServices>();
    const view = setup({ listDeliveryServices: () => list.promise });
    expect(view.frame()).toContain('Loading delivery services');
    list.resolve(deliveryServices);
    const frame = await view.wait('ds2');
    expect(frame).toContain('http://ds1-origin.example.test');
    expect(frame).not.toContain('Loading delivery services');
  });

  it('filters the delivery services with / and opens the details with the start time set to now', async () => {
    const view = setup();
    await view.wait('images-eu');
    await press(view.stdin, '/');
    await type(view.stdin, 'ds2');
    expect(view.frame()).not.toContain('images-eu');
    await press(view.stdin, KEY.enter);
    const frame = await view.wait('Regex');
    expect(frame).toContain('Purge › ds2');
    expect(frame).toContain('2026-03-01 12:00:00');
    expect(frame).toContain('1–2160');
  });

  it('checks the regex as it is typed: leading slash, then that it compiles', async () => {
    const view = setup();
    await toDetails(view);
    await type(view.stdin, 'img');
    expect(view.frame()).toContain("regex: must start with '/'");
    await press(view.stdin, KEY.backspace, KEY.backspace, KEY.backspace);
    await type(view.stdin, '/foo([');
    expect(view.frame()).toContain('regex: is not a valid regular expression');
    await press(view.stdin, KEY.backspace, KEY.backspace);
    await type(view.stdin, '/.*\\.jpg');
    expect(view.frame()).not.toContain('regex:');
    expect(view.frame()).toContain('Asset URL  http://ds1-origin.example.test/foo/.*\\.jpg');
  });

  it('shows a match-everything regex in the warning colour', async () => {
    const view = setup();
    await toDetails(view);
    await type(view.stdin, '/images/.*');
    expect(view.lastFrame()).not.toContain(`${YELLOW}/images/.*`);
    await press(view.stdin, ...Array(9).fill(KEY.backspace));
    await type(view.stdin, '.*');
    const raw = view.lastFrame() ?? '';
    expect(raw).toContain(`${YELLOW}/.*`);
    expect(view.frame()).toContain('matches every path: it revalidates ALL content of ds1');
  });

  it('shows the maximum ttl the server reports and refuses more', async () => {
    const view = setup({ maxTtlHours: vi.fn(async () => 48) });
    await toDetails(view);
    await type(view.stdin, '/a/.*');
    await press(view.stdin, KEY.tab, KEY.backspace, KEY.backspace);
    await type(view.stdin, '49');
    expect(view.frame()).toContain('1–48');
    expect(view.frame()).toContain('ttl: cannot exceed 48');
    await press(view.stdin, KEY.backspace, KEY.backspace);
    await type(view.stdin, '0');
    expect(view.frame()).toContain('ttl: must be at least 1');
  });

  it('previews the expiry from the start time and ttl, and refuses a start more than two days ahead', async () => {
    const view = setup();
    await toDetails(view);
    await type(view.stdin, '/css/.*');
    expect(view.frame()).toContain('Expires    2026-03-02 12:00:00 UTC');
    await press(view.stdin, KEY.tab, KEY.tab, ...Array(19).fill(KEY.backspace));
    await type(view.stdin, '2026-03-05 12:00:00');
    expect(view.frame()).toContain('startTime: must be within two days from now');
    expect(view.frame()).toContain('Expires    2026-03-06 12:00:00 UTC');
  });

  it('does not go to the confirmation while a field is wrong', async () => {
    const view = setup();
    await toDetails(view);
    await type(view.stdin, 'nope');
    await press(view.stdin, KEY.enter, KEY.enter, KEY.enter);
    expect(view.frame()).toContain('Fix the fields marked');
    expect(view.frame()).not.toContain('Submit this purge?');
  });

  it('submits after confirmation and shows the job id', async () => {
    const view = setup();
    await toDetails(view);
    await type(view.stdin, '/images/.*\\.jpg');
    await press(view.stdin, KEY.enter, KEY.enter, KEY.enter);
    expect(await view.wait('Submit this purge?')).toContain('http://ds1-origin.example.test/images/.*\\.jpg');
    await press(view.stdin, KEY.enter);
    const frame = await view.wait('Purge submitted: job 42');
    expect(frame).toContain('Invalidate content request submitted for ds1');
    expect(view.props.createJob).toHaveBeenCalledWith({
      dsId: 1,
      regex: '/images/.*\\.jpg',
      ttl: 24,
      startTime: '2026-03-01 12:00:00',
    });
    await press(view.stdin, 'j');
    expect(view.props.onShowJobs).toHaveBeenCalled();
  });

  it('asks for the xmlId to be typed before a match-everything purge', async () => {
    const view = setup();
    await toDetails(view);
    await type(view.stdin, '/.*');
    await press(view.stdin, KEY.enter, KEY.enter, KEY.enter);
    const asking = await view.wait('Type ds1 to confirm');
    // The same rule and words as the CLI and the portal (shared/rules/purge/confirmation.ts).
    expect(asking.replace(/\s+/g, ' ')).toContain(
      'the regex "/.*" matches every path: it revalidates ALL content of ds1',
    );
    await press(view.stdin, KEY.enter);
    expect(view.props.createJob).not.toHaveBeenCalled();
    expect(view.frame()).toContain('That is not "ds1"');
    await type(view.stdin, 'ds1');
    await press(view.stdin, KEY.enter);
    await view.wait('Purge submitted: job 42');
    expect(view.props.createJob).toHaveBeenCalledTimes(1);
  });

  it('shows the API error in a box and stays on the confirmation', async () => {
    const createJob = vi.fn(async () => {
      throw new Error('cannot invalidate content: requested delivery service has no origin');
    });
    const view = setup({ createJob });
    await toDetails(view, 'images-eu');
    expect(view.frame()).toContain('this delivery service has no origin');
    await type(view.stdin, '/x');
    await press(view.stdin, KEY.enter, KEY.enter, KEY.enter, KEY.enter);
    const frame = await view.wait('The server refused the purge');
    expect(frame).toContain('cannot invalidate content: requested delivery service has no origin');
    expect(frame).toContain('Submit this purge?');
    await press(view.stdin, KEY.esc);
    expect(view.frame()).toContain('Regex');
    expect(view.frame()).not.toContain('refused');
  });

  it('shows a failure to load delivery services in a box, and Esc goes back', async () => {
    const view = setup({
      listDeliveryServices: vi.fn(async () => Promise.reject(new Error('Unauthorized, please log in.'))),
    });
    const frame = await view.wait('Could not load delivery services');
    expect(frame).toContain('Unauthorized, please log in.');
    await press(view.stdin, KEY.esc);
  });

  it('goes back from the list with Esc and quits with q', async () => {
    const view = setup();
    await view.wait('ds1');
    await press(view.stdin, 'q');
    expect(view.props.onQuit).toHaveBeenCalled();
    await press(view.stdin, KEY.esc);
    expect(view.props.onBack).toHaveBeenCalled();
  });
});
