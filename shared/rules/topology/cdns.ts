import { isDnsName } from '../origins/addresses.js';

/** A CDN write body after the route's JSON schema checked its types. */
export interface CdnBody {
  name?: string | null;
  domainName?: string | null;
  dnssecEnabled?: boolean | null;
}

export interface CdnInput {
  name: string;
  domainName: string;
  dnssecEnabled: boolean;
}

export type CdnValidation = { ok: true; fields: CdnInput } | { ok: false; errors: string[] };

const CDN_NAME = /^[A-Za-z0-9.-]+$/;
const blank = (v: string | null | undefined): v is null | undefined | '' =>
  v === null || v === undefined || v.trim() === '';

/** The field errors of a CDN: `'<key>' <text>` in field order (Traffic Ops' texts, §1.2 of the reference). */
export function cdnFieldErrors(body: CdnBody): string[] {
  const errors: string[] = [];
  if (blank(body.name)) errors.push("'name' cannot be blank");
  else if (!CDN_NAME.test(body.name)) errors.push("'name' invalid characters found - Use alphanumeric . or - .");
  if (blank(body.domainName)) errors.push("'domainName' cannot be blank");
  else if (!isDnsName(body.domainName)) errors.push("'domainName' not a valid domain name");
  return errors;
}

/**
 * Checks a CDN body (API and snapshot alike): the field errors first; then a missing `dnssecEnabled`, which
 * Traffic Ops refused alone. The domain name is stored lower-cased.
 */
export function validateCdn(body: CdnBody): CdnValidation {
  const errors = cdnFieldErrors(body);
  if (errors.length > 0) return { ok: false, errors };
  if (body.dnssecEnabled === null || body.dnssecEnabled === undefined)
    return { ok: false, errors: ['dnssecEnabled is a required field'] };
  return {
    ok: true,
    fields: { name: body.name!, domainName: body.domainName!.toLowerCase(), dnssecEnabled: body.dnssecEnabled },
  };
}
