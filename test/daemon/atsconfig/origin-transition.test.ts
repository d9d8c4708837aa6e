import { expect, test } from 'vitest';
import { atsDeliveryService } from '../../../daemon/atsconfig/from-store.js';
import { renderParent } from '../../../daemon/atsconfig/parent.js';
import { renderRemap } from '../../../daemon/atsconfig/remap.js';
import type { DeliveryService } from '../../../daemon/store/deliveryservices.js';
import { pairContexts, service } from './contexts.js';

/*
 * Issue 32, finding 1: while a delivery service's origin moves, a MID maps the previous origins beside the current
 * one (after every current origin, so a shared one keeps its own service's plugins), and an EDGE only the current.
 */

const moving = service({
  orgServerFqdn: 'http://new.test:8080',
  previousOrigins: ['http://old.test', 'https://older.test:8443'],
  qstringIgnore: 1,
});
const other = service({ xmlId: 'zz', routingName: 'zz', orgServerFqdn: 'http://old.test' });
const body = (text: string) => text.split('\n').slice(1).join('\n');

test('a MID maps the previous origins after every current one, each once; without a transition nothing changes', () => {
  const { mid } = pairContexts();
  expect(body(renderRemap({ ...mid, deliveryServices: [moving, other] }))).toBe(
    [
      'map http://new.test:8080/ http://new.test:8080/ @plugin=cachekey.so @pparam=--remove-all-params=true',
      'map http://old.test/ http://old.test/',
      'map https://older.test:8443/ https://older.test:8443/ @plugin=cachekey.so @pparam=--remove-all-params=true',
      '',
    ].join('\n'),
  );
  expect(body(renderParent({ ...mid, deliveryServices: [moving] }))).toBe(
    [
      'dest_domain=new.test port=8080 go_direct=true',
      'dest_domain=old.test port=80 go_direct=true',
      'dest_domain=older.test port=8443 go_direct=true',
      '',
    ].join('\n'),
  );
  const settled = { ...moving, previousOrigins: undefined };
  expect(renderRemap({ ...mid, deliveryServices: [settled] })).toBe(
    renderRemap({ ...mid, deliveryServices: [service({ orgServerFqdn: 'http://new.test:8080', qstringIgnore: 1 })] }),
  );
});

test('an EDGE maps only the current origin', () => {
  const { edge } = pairContexts();
  const text =
    renderRemap({ ...edge, deliveryServices: [moving] }) + renderParent({ ...edge, deliveryServices: [moving] });
  expect(text).toContain('http://new.test:8080');
  expect(text).not.toMatch(/old/);
});

test('the store record: previous origins once each, never the current one', () => {
  const ds = { id: 7, xmlId: 'demo', primaryOrigin: { protocol: 'http', fqdn: 'new.test', port: 8080 } };
  const record = atsDeliveryService(
    ds as unknown as DeliveryService,
    [],
    ['http://old.test', 'http://new.test:8080', 'http://old.test'],
  );
  expect(record.previousOrigins).toEqual(['http://old.test']);
  expect(atsDeliveryService(ds as unknown as DeliveryService, [], ['http://new.test:8080'])).not.toHaveProperty(
    'previousOrigins',
  );
});
