import { describe, expect, it } from 'vitest';
import { renderRecords } from '../../../daemon/atsconfig/records.js';
import { pairContexts } from './contexts.js';

/*
 * Issue 32, finding 4: ATS re-read remap.config seconds after `traffic_ctl config reload`. Under traffic_manager
 * (ATS 9.2) a reload marks the file's record for a sync that traffic_manager pushes to traffic_server on a fixed
 * 5 s timer, and traffic_server then runs the record's reload on its own timer,
 * proxy.config.config_update_interval_ms (3,000 ms by default). The generated records.config sets the latter to
 * 500 ms unless the profile sets it, which cuts the worst case from ~8 s to ~5.5 s.
 */
const { edge } = pairContexts();
const UPDATE_LINE = 'CONFIG proxy.config.config_update_interval_ms INT 500';

describe('records.config and the reload delay', () => {
  it('sets proxy.config.config_update_interval_ms to 500 ms when the profile does not', () => {
    const lines = renderRecords(edge).split('\n');
    expect(lines.filter((l) => l.includes('config_update_interval_ms'))).toEqual([UPDATE_LINE]);
  });

  it("keeps the profile's own value, once", () => {
    const own = {
      name: 'CONFIG proxy.config.config_update_interval_ms',
      configFile: 'records.config',
      value: 'INT 2000',
    };
    const lines = renderRecords({ ...edge, params: [...edge.params, own] }).split('\n');
    expect(lines.filter((l) => l.includes('config_update_interval_ms'))).toEqual([
      'CONFIG proxy.config.config_update_interval_ms INT 2000',
    ]);
  });

  it('keeps the lines in name order', () => {
    const body = renderRecords(edge).split('\n').slice(1, -1);
    expect(body).toEqual([...body].sort());
  });
});
