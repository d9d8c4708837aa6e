import { describe, expect, it } from 'vitest';
import { federationErrors } from '../../portal/src/screens/FederationForm';
import { parameterErrors } from '../../portal/src/screens/ParameterForm';
import { profileBody, profileErrors } from '../../portal/src/screens/ProfileEditForm';

describe('the profile, parameter and federation forms, with the shared rules', () => {
  it("names a profile's blank fields and sends the API body", () => {
    const blank = { name: '', description: '', cdn: '', type: '', routingDisabled: false };
    expect(profileErrors(blank)).toEqual({
      name: 'cannot be blank',
      description: 'cannot be blank',
      cdn: 'cannot be blank',
      type: 'cannot be blank',
    });
    const filled = { name: ' DS_X ', description: 'd', cdn: '2', type: 'DS_PROFILE', routingDisabled: true };
    expect(profileErrors(filled)).toEqual({});
    expect(profileBody(filled)).toEqual({
      name: 'DS_X',
      description: 'd',
      cdn: 2,
      type: 'DS_PROFILE',
      routingDisabled: true,
    });
  });

  it("names a parameter's problems by field, a parent.config weight's under the value", () => {
    expect(parameterErrors({ name: '', configFile: '', value: '', secure: false })).toEqual({
      name: 'cannot be blank',
      configFile: 'cannot be blank',
    });
    expect(parameterErrors({ name: 'weight', configFile: 'parent.config', value: 'heavy', secure: false })).toEqual({
      value: 'must be a valid float',
    });
    expect(parameterErrors({ name: 'weight', configFile: 'parent.config', value: '0.5', secure: false })).toEqual({});
  });

  it("checks a federation's CDN, CNAME and TTL", () => {
    expect(federationErrors({ cdn: '', cname: '', ttl: '', description: '' })).toEqual({
      cdn: 'cannot be blank',
      cname: 'cannot be blank',
      ttl: 'cannot be blank',
    });
    expect(federationErrors({ cdn: 'cdn1', cname: 'a.example', ttl: 'soon', description: '' })).toEqual({
      cname: 'must end with a period',
      ttl: 'must be an integer',
    });
    expect(federationErrors({ cdn: 'cdn1', cname: 'a.example.', ttl: '-1', description: '' })).toEqual({
      ttl: 'must be no less than 0',
    });
    expect(federationErrors({ cdn: 'cdn1', cname: 'a.example.', ttl: '60', description: '' })).toEqual({});
  });
});
