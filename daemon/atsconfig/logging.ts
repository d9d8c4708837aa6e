import type { AtsServerContext } from './context.js';
import { header, paramValue } from './header.js';

/** The access-log format a cache gets when its profile names none (Traffic Ops' `custom_ats_2` fields). */
export const DEFAULT_LOG_FORMAT =
  '%<cqtq> chi=%<chi> phn=%<phn> php=%<php> shn=%<shn> url=%<cquuc> cqhm=%<cqhm> cqhv=%<cqhv> pssc=%<pssc> ttms=%<ttms> b=%<pscl> sssc=%<sssc> sscl=%<sscl> cfsc=%<cfsc> pfsc=%<pfsc> crc=%<crc> phr=%<phr> uas="%<{User-Agent}cqh>"';

/** A YAML single-quoted scalar. */
const quoted = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/**
 * logging.yaml (the ATS 9 form of logs_xml.config/logging.config): one format and one ASCII log from the
 * profile's `LogFormat.Name`, `LogFormat.Format`, `LogObject.Filename` parameters (config file logging.yaml),
 * or Traffic Ops' defaults. `LogObject.RollingEnabled`, `LogObject.RollingIntervalSec` set rolling.
 */
export function renderLogging(ctx: Pick<AtsServerContext, 'server' | 'params' | 'version'>): string {
  const value = (name: string) => paramValue(ctx.params, 'logging.yaml', name);
  const name = value('LogFormat.Name') ?? 'custom_ats_2';
  const lines = [
    'logging:',
    '  formats:',
    `    - name: ${quoted(name)}`,
    `      format: ${quoted(value('LogFormat.Format') ?? DEFAULT_LOG_FORMAT)}`,
    '  logs:',
    '    - mode: ascii',
    `      filename: ${quoted(value('LogObject.Filename') ?? name)}`,
    `      format: ${quoted(name)}`,
  ];
  const rolling = value('LogObject.RollingEnabled');
  if (rolling !== null && /^\d+$/.test(rolling)) lines.push(`      rolling_enabled: ${rolling}`);
  const interval = value('LogObject.RollingIntervalSec');
  if (interval !== null && /^\d+$/.test(interval)) lines.push(`      rolling_interval_sec: ${interval}`);
  return `${header('logging.yaml', `profile ${ctx.server.profile}`, ctx.version)}${lines.join('\n')}\n`;
}
