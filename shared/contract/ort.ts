// What the 1.x cache tool (ORT) reads at the Perl app's root routes (issue 34): bare arrays, no envelope.
import { list, record, text, type FromSchema } from './schema.js';

/** GET /ort/:hostname/packages: the profile's `package` parameters. */
export const ortPackageSchema = record({ name: text, version: text });
export type OrtPackage = FromSchema<typeof ortPackageSchema>;
export const ortPackagesSchema = list(ortPackageSchema);

/** GET /ort/:hostname/chkconfig: the profile's `chkconfig` parameters. */
export const ortChkconfigSchema = record({ name: text, value: text });
export type OrtChkconfig = FromSchema<typeof ortChkconfigSchema>;
export const ortChkconfigListSchema = list(ortChkconfigSchema);
