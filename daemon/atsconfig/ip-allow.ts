import type { AtsServerContext } from './context.js';
import { fqdnOf, header, isMid, paramValue } from './header.js';

interface Rule {
  ips: string;
  action: 'allow' | 'deny';
  /** Null: every method. */
  methods: string[] | null;
}

const rule = (r: Rule): string =>
  `  - apply: in\n    ip_addrs: ${r.ips}\n    action: ${r.action}\n` +
  (r.methods === null ? '' : `    methods: [${r.methods.join(', ')}]\n`);

/** Addresses that may use every method: loopback, and the profile's `purge_allow_ip` list. */
function trusted(ctx: Pick<AtsServerContext, 'params'>): string[] {
  const extra = (paramValue(ctx.params, 'ip_allow.config', 'purge_allow_ip') ?? '').split(',');
  return ['127.0.0.1', '::1', ...extra.map((ip) => ip.trim()).filter((ip) => ip !== '')];
}

/**
 * ip_allow.yaml (the ATS 9 form of ip_allow.config). Loopback and `purge_allow_ip` may use every method. An
 * EDGE serves anyone but refuses PUSH, PURGE and DELETE from others. A MID serves its child caches (every
 * method) and no one else.
 */
export function renderIpAllow(ctx: Pick<AtsServerContext, 'server' | 'params' | 'children' | 'version'>): string {
  const allowed = trusted(ctx);
  if (isMid(ctx.server)) {
    const children = ctx.children.flatMap((s) => [
      s.ipAddress,
      ...(s.ip6Address ? [s.ip6Address.split('/')[0] as string] : []),
    ]);
    allowed.push(...children.filter((ip) => ip !== '' && !allowed.includes(ip)).sort());
  }
  const rules: Rule[] = [...new Set(allowed)].map((ips) => ({ ips, action: 'allow', methods: null }));
  if (isMid(ctx.server)) {
    rules.push({ ips: '0/0', action: 'deny', methods: null }, { ips: '::/0', action: 'deny', methods: null });
  } else {
    const refused = ['PUSH', 'PURGE', 'DELETE'];
    rules.push({ ips: '0/0', action: 'deny', methods: refused }, { ips: '::/0', action: 'deny', methods: refused });
    rules.push({ ips: '0/0', action: 'allow', methods: null }, { ips: '::/0', action: 'allow', methods: null });
  }
  return `${header('ip_allow.yaml', fqdnOf(ctx.server), ctx.version)}ip_allow:\n${rules.map(rule).join('')}`;
}
