import type { AppContext } from '../../context.js';
import type { Principal } from '../principal.js';
import type { Cdn } from '../../store/cdns.js';
import type { SealedRecord } from '../../store/keystore.js';
import { requireVault } from '../vault/access.js';
import { keyChangeMessage } from '../vault/change-log.js';
import { dnssecKeys, type DnssecSummary } from '../vault/dnssec.js';

/*
 * What a delivery-service write does to the key store (reference wave3 §5.3 step 5, §5.5; issue 31). The keys
 * live in another database than the delivery service (`vault.db` beside SQLite), so the two cannot share a
 * transaction: a create writes the keys first and takes them back when the delivery service is not stored; a
 * delete takes the keys out first and puts them back when the delivery service is not deleted. Either way a
 * failure leaves both as they were.
 */

/** Types that get DNSSEC keys on a CDN with DNSSEC (Traffic Ops: HTTP, DNS and steering types). */
const SIGNED_TYPES = /^(HTTP|DNS|STEERING|CLIENT_STEERING)/;

/** The DNSSEC keys a create stored, to take back if the delivery service is not stored. */
export interface CreatedKeys {
  xmlId: string;
  summary: DnssecSummary;
}

/**
 * On a CDN with dnssecEnabled, makes and stores the new delivery service's DNSSEC keys (503 when the key store is
 * unavailable, before anything is written); null when the CDN or type takes none.
 */
export async function storeDnssecKeys(
  ctx: AppContext,
  principal: Principal,
  cdn: Cdn,
  typeName: string,
  xmlId: string,
): Promise<CreatedKeys | null> {
  if (!cdn.dnssecEnabled || !SIGNED_TYPES.test(typeName)) return null;
  const vault = requireVault(ctx);
  const { secret, summary } = dnssecKeys(xmlId, cdn.domainName, ctx.clock());
  await vault.write({ kind: 'dnssec', owner: xmlId, version: 0 }, secret, summary, principal.username, ctx.clock());
  return { xmlId, summary };
}

/** Takes back the keys of a create that did not happen. */
export async function dropCreatedKeys(ctx: AppContext, keys: CreatedKeys | null): Promise<void> {
  if (keys) await ctx.vault!.remove('dnssec', keys.xmlId);
}

/** The change-log text of generated keys (key tags only, never key material). */
export const dnssecText = (keys: CreatedKeys, dsId: number) =>
  keyChangeMessage({
    action: 'dnssec-generate',
    xmlId: keys.xmlId,
    dsId,
    ksk: keys.summary.ksk.map((k) => k.keyTag),
    zsk: keys.summary.zsk.map((k) => k.keyTag),
  });

/**
 * Runs `remove` (the delivery service's delete) with its keys — TLS, URL-signing, URI-signing, DNSSEC — taken out
 * of the key store first (503 when the key store is unavailable, before anything is deleted), and put back when
 * the delete fails or finds nothing.
 */
export async function withoutKeys(ctx: AppContext, xmlId: string, remove: () => Promise<boolean>): Promise<boolean> {
  const vault = requireVault(ctx);
  const taken: SealedRecord[] = await vault.take(xmlId);
  let gone = false;
  try {
    gone = await remove();
  } finally {
    if (!gone) await vault.restore(taken);
  }
  return gone;
}
