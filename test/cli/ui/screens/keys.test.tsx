import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { KeySummary, SslSummary } from '../../../../shared/client/keys.js';
import { Keys } from '../../../../cli/ui/screens/Keys.js';
import { KEY, press, waitForFrame } from '../helpers/ink.js';

afterEach(cleanup);

const cert = (version: number, notAfter: string, daysLeft: number): SslSummary => ({
  version,
  cdn: 'cdn1',
  hostname: 'ds1.cdn1.example.test',
  fingerprint: 'AA:BB:CC',
  subject: 'CN=ds1.cdn1.example.test',
  issuer: 'CN=Test Intermediate CA',
  notBefore: '2026-11-21T00:00:00.000Z',
  notAfter,
  chainLength: 2,
  daysLeft,
  expiring: daysLeft < 30,
  authType: null,
  changedBy: 'admin',
  changedAt: '2026-11-21T12:00:00.000Z',
});
const SUMMARIES: KeySummary[] = [
  {
    xmlId: 'ds1',
    urlSigKeys: { keys: 16, names: ['key0'], changedBy: 'admin', changedAt: '2026-11-21T12:00:00.000Z' },
    uriSigningKeys: {
      issuers: [{ issuer: 'iss', renewalKid: 'k1', keys: [{ kid: 'k1', alg: 'HS256' }] }],
      changedBy: 'admin',
      changedAt: '2026-11-21T12:00:00.000Z',
    },
    sslKeys: [cert(2, '2026-12-03T00:00:00.000Z', 12)],
  },
  { xmlId: 'ds3', urlSigKeys: null, uriSigningKeys: null, sslKeys: [cert(1, '2027-11-21T00:00:00.000Z', 365)] },
];

describe('Keys screen', () => {
  it('lists each delivery service with its certificate expiry flagged, key counts and key ids, and opens the details', async () => {
    const view = render(<Keys load={async () => SUMMARIES} onBack={vi.fn()} onQuit={vi.fn()} width={120} />);
    const frame = await waitForFrame(view.lastFrame, 'ds3');
    expect(frame).toContain('certificate v2 until 2026-12-03 (12 days!) · 16 URL keys · URI kids k1');
    expect(frame).toContain('certificate v1 until 2027-11-21');
    expect(frame).not.toContain('2027-11-21 (');
    await press(view.stdin, KEY.enter);
    const details = await waitForFrame(view.lastFrame, 'SHA-256');
    expect(details).toContain('AA:BB:CC');
    expect(details).toContain('CN=Test Intermediate CA');
  });
});
