import { CliError, EXIT } from '../../errors.js';
import { NEWEST_READ_VERSION, olderVersion, versionAtLeast, type ApiVersion } from '../../../shared/client/types.js';

/** The API versions a command can use: the oldest that serves it, and the one it prefers (its newest shape). */
export interface VersionNeeds {
  min: ApiVersion;
  preferred: ApiVersion;
  /** The newest version it speaks as asked (default NEWEST_READ_VERSION): `api` and the 1.4-only verbs go higher. */
  newest?: ApiVersion;
}

export interface VersionInputs {
  /** e.g. `origins list`, for messages. */
  command: string;
  needs: VersionNeeds;
  /** `--api-version`. */
  flag?: ApiVersion;
  /** A cap set by the context's server or the `api-version` setting, and which of them set it. */
  cap?: { version: ApiVersion; by: string };
}

/**
 * `--api-version` when given (it must serve the command); else the preferred version, lowered to the cap of the
 * context or setting. A version older than the command needs is a usage error (exit 2) that says so. 1.4 and 1.5
 * are accepted and spoken as 1.3, the newest shapes the commands read (NEWEST_READ_VERSION), unless the command
 * says it speaks newer ones (`needs.newest`: `cdnctl api` speaks whatever version it is asked for).
 */
export function chooseVersion(inputs: VersionInputs): ApiVersion {
  const { command, needs, flag, cap } = inputs;
  const tooOld = (version: ApiVersion, by: string) =>
    new CliError(
      `"cdnctl ${command}" needs API version ${needs.min} or newer, but ${by} asks for ${version}`,
      EXIT.USAGE,
      `this operation does not exist before API ${needs.min}; use --api-version ${needs.min} or newer`,
    );
  if (flag) {
    if (!versionAtLeast(flag, needs.min)) throw tooOld(flag, '--api-version');
    return olderVersion(flag, needs.newest ?? NEWEST_READ_VERSION);
  }
  if (cap) {
    if (!versionAtLeast(cap.version, needs.min)) throw tooOld(cap.version, cap.by);
    return olderVersion(needs.preferred, cap.version);
  }
  return needs.preferred;
}
