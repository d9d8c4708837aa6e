/*
 * Issue 30: the records of servers/details and of the delivery-service ↔ server links, as Traffic Ops 1.x
 * answered them (reference/traffic-ops-wave3.md §4.3–4.5).
 */
import { int, list, nullableInt, nullableText, record, text, type FromSchema } from './schema.js';

const NULL = { type: 'null' } as const;

/** One element of GET servers/details (`ServerDetailV11`); `deliveryservices` (ids) only when there are some. */
export const serverDetailSchema = record(
  {
    cachegroup: text,
    cdnName: text,
    deliveryservices: list(int),
    domainName: text,
    guid: nullableText,
    hardwareInfo: NULL,
    hostName: text,
    httpsPort: nullableInt,
    id: int,
    iloIpAddress: nullableText,
    iloIpGateway: nullableText,
    iloIpNetmask: nullableText,
    iloPassword: nullableText,
    iloUsername: nullableText,
    mgmtIpAddress: nullableText,
    mgmtIpGateway: nullableText,
    mgmtIpNetmask: nullableText,
    offlineReason: nullableText,
    physLocation: nullableText,
    profile: text,
    profileDesc: text,
    rack: nullableText,
    status: text,
    tcpPort: nullableInt,
    type: text,
    xmppId: nullableText,
    xmppPasswd: nullableText,
    interfaceMtu: int,
    interfaceName: text,
    ip6Address: nullableText,
    ip6Gateway: nullableText,
    ipAddress: nullableText,
    ipGateway: nullableText,
    ipNetmask: nullableText,
    routerHostName: nullableText,
    routerPortName: nullableText,
  },
  ['deliveryservices'],
);
export type ServerDetailRecord = FromSchema<typeof serverDetailSchema>;

/** GET servers/details: written at the top level, no alerts. */
export const serverDetailsAnswerSchema = record({
  limit: int,
  orderby: text,
  response: list(serverDetailSchema),
  size: int,
});

/** One link of GET deliveryserviceserver; `lastUpdated` is `YYYY-MM-DD hh:mm:ss+00`. */
export const dsServerLinkSchema = record({ server: int, deliveryService: int, lastUpdated: text });

/** GET deliveryserviceserver: raw, `size` the requested page, `alerts` null. */
export const dsServerLinksAnswerSchema = record({
  orderby: text,
  response: list(dsServerLinkSchema),
  size: int,
  limit: int,
  alerts: NULL,
});
