import { parameterProblems } from '../../../shared/rules/profiles.js';
import type { ParameterModel } from '../../store/snapshot-types.js';
import type { FieldReader } from './fields.js';

/**
 * A profile's `params` in a snapshot: each `{name, configFile, value}`, with the API's rules and texts (issue 31,
 * shared/rules/profiles.ts), e.g. a parent.config weight must be a number.
 */
export function readParams(f: FieldReader): ParameterModel[] {
  const raw = f.raw.params;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    f.fail('params: must be an array');
    return [];
  }
  const params: ParameterModel[] = [];
  const seen = new Set<string>();
  raw.forEach((p: unknown, i) => {
    const ok =
      typeof p === 'object' &&
      p !== null &&
      ['name', 'configFile', 'value'].every((k) => typeof (p as Record<string, unknown>)[k] === 'string');
    const extra = ok && Object.keys(p as object).some((k) => !['name', 'configFile', 'value'].includes(k));
    if (!ok || extra || (p as ParameterModel).name === '' || (p as ParameterModel).configFile === '') {
      f.fail(`params[${i}]: must be {name, configFile, value} with non-blank name and configFile`);
      return;
    }
    const { name, configFile, value } = p as ParameterModel;
    for (const problem of parameterProblems(p as ParameterModel)) f.fail(`params[${i}]: ${problem}`);
    f.held(`params[${i}]: name`, name);
    f.held(`params[${i}]: configFile`, configFile);
    const key = JSON.stringify([name, configFile, value]);
    if (seen.has(key)) f.fail(`params[${i}]: repeats a parameter`);
    seen.add(key);
    params.push({ name, configFile, value });
  });
  return params;
}
