import { describe, expect, it } from 'vitest';
import {
  DS_FORM_KEYS,
  dsErrorsFromAlerts,
  dsToForm,
  emptyDsForm,
  groupOf,
  toDsBody,
  validateDsForm,
  type DsFormValues,
} from '../../portal/src/lib/ds-form';

/** A complete HTTP delivery service as a newcomer fills it in. */
const filled = (over: Partial<DsFormValues> = {}): DsFormValues => ({
  ...emptyDsForm(),
  xmlId: 'acme-video',
  displayName: 'Acme video',
  cdnId: '1',
  tenantId: '4',
  orgServerFqdn: 'http://origin.acme.example:8080',
  ...over,
});

describe('the delivery-service form, with the shared rules', () => {
  it('takes a complete HTTP service and sends the API body by its field names', () => {
    expect(validateDsForm(filled())).toEqual({});
    const body = toDsBody(filled({ profileId: '7', edgeHeaderRewrite: '' }));
    expect(body).toMatchObject({
      xmlId: 'acme-video',
      displayName: 'Acme video',
      type: 'HTTP',
      cdnId: 1,
      tenantId: 4,
      profileId: 7,
      active: true,
      protocol: 0,
      dscp: 0,
      ipv6RoutingEnabled: true,
      missLat: 41.881944,
      missLong: -87.627778,
      multiSiteOrigin: false,
      orgServerFqdn: 'http://origin.acme.example:8080',
      edgeHeaderRewrite: null,
      signingAlgorithm: null,
    });
    expect(body).not.toHaveProperty('typeId');
    expect(Object.keys(body).sort()).toEqual([...DS_FORM_KEYS].sort());
  });

  it("names xmlId's problems as Traffic Ops words them", () => {
    expect(validateDsForm(filled({ xmlId: '' })).xmlId).toBe('cannot be blank');
    expect(validateDsForm(filled({ xmlId: 'acme video' })).xmlId).toBe('cannot contain spaces');
    expect(validateDsForm(filled({ xmlId: 'acme.video' })).xmlId).toBe('cannot contain periods');
    expect(validateDsForm(filled({ xmlId: 'x'.repeat(49) })).xmlId).toBe('the length must be between 1 and 48');
  });

  it('requires the fields the type requires, and checks the origin URL', () => {
    expect(validateDsForm(filled({ orgServerFqdn: '' })).orgServerFqdn).toBe("is required if type is 'HTTP'");
    expect(validateDsForm(filled({ orgServerFqdn: 'origin.acme.example' })).orgServerFqdn).toMatch(
      /^must start with http:\/\/ or https:\/\//,
    );
    expect(validateDsForm(filled({ orgServerFqdn: 'http://origin.acme.example/' })).orgServerFqdn).toBeDefined();
    // ANY_MAP requires no origin; DNS does.
    expect(validateDsForm(filled({ type: 'ANY_MAP', orgServerFqdn: '' }))).toEqual({});
    expect(validateDsForm(filled({ type: 'DNS', orgServerFqdn: '' })).orgServerFqdn).toBe(
      "is required if type is 'DNS'",
    );
    expect(validateDsForm(filled({ initialDispersion: '0' })).initialDispersion).toBe('must be greater than zero');
    expect(validateDsForm(filled({ missLat: '91' })).missLat).toBe('must be no greater than 90');
  });

  it('says which typed numbers are not numbers, and what else is missing', () => {
    const errors = validateDsForm(filled({ dscp: 'ten', missLong: 'west', cdnId: '', tenantId: '', type: '' }));
    expect(errors).toMatchObject({
      dscp: 'must be an integer',
      missLong: 'must be a number',
      cdnId: 'cannot be blank',
      tenantId: 'is required',
      type: 'cannot be blank',
    });
  });

  it('reads an API record back into the form, and each field belongs to a section', () => {
    const values = dsToForm({
      xmlId: 'ds1',
      active: true,
      protocol: '1',
      missLat: '41.0',
      tenantId: 2,
      type: 'HTTP',
      cdnId: '1',
      deepCachingType: null,
      orgServerFqdn: 'http://o.example',
    });
    expect(values).toMatchObject({ xmlId: 'ds1', active: 'true', protocol: '1', missLat: '41.0', tenantId: '2' });
    expect(values.deepCachingType).toBe('NEVER');
    expect(values.edgeHeaderRewrite).toBe('');
    expect(groupOf('orgServerFqdn')).toBe('Origin');
    expect(groupOf('edgeHeaderRewrite')).toBe('Headers');
    expect(groupOf('signingAlgorithm')).toBe('Security');
    expect(groupOf('qstringIgnore')).toBe('Cache behaviour');
  });

  it("maps the API's refusals to their fields and keeps the rest", () => {
    const split = dsErrorsFromAlerts([
      {
        level: 'error',
        text: "invalid request: 'xmlId' cannot contain spaces, type fields: 'missLat' is required if type is 'HTTP', 'orgServerFqdn' is required if type is 'HTTP'",
      },
    ]);
    expect(split.fields).toEqual({
      xmlId: 'cannot contain spaces',
      missLat: "is required if type is 'HTTP'",
      orgServerFqdn: "is required if type is 'HTTP'",
    });
    expect(split.rest).toEqual([]);
    const typed = dsErrorsFromAlerts([
      { level: 'error', text: "invalid request: type fields: 'missLong' is required" },
    ]);
    expect(typed.fields).toEqual({ missLong: 'is required' });
    const whole = dsErrorsFromAlerts([
      { level: 'error', text: "deliveryservice xml_id 'ds1' already exists." },
      { level: 'error', text: 'not authorized on this tenant' },
      { level: 'error', text: 'something else went wrong' },
      { level: 'warning', text: 'a warning' },
    ]);
    expect(whole.fields).toEqual({
      xmlId: "deliveryservice xml_id 'ds1' already exists.",
      tenantId: 'not authorized on this tenant',
    });
    expect(whole.rest).toEqual([
      { level: 'error', text: 'something else went wrong' },
      { level: 'warning', text: 'a warning' },
    ]);
  });
});
