// The benchmark's data sets, as snapshot documents (the format of `cdnctl daemon import`,
// test/fixtures/golden/setup.snapshot.json): loaded through the product's own importer, never through SQL.

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** `YYYY-MM-DD hh:mm:ss` in UTC, the seed's time format. */
export function seedTime(ms) {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

const pad = (n, width) => String(n).padStart(width, '0');

function deliveryService(xmlId, cdnName, tenant) {
  return {
    xmlId,
    displayName: `Bench ${xmlId}`,
    longDesc: `benchmark delivery service ${xmlId}`,
    active: true,
    cdnName,
    type: 'HTTP',
    tenant,
    protocol: '0',
    routingName: 'cdn',
    orgServerFqdn: `http://${xmlId}-origin.bench.test`,
    qstringIgnore: '0',
    rangeRequestHandling: '0',
    geoLimit: '0',
    geoProvider: '0',
    dscp: '0',
    initialDispersion: '1',
    ipv6RoutingEnabled: false,
    logsEnabled: false,
    multiSiteOrigin: false,
    regionalGeoBlocking: false,
    signed: false,
    deepCachingType: 'NEVER',
    users: [],
  };
}

/** Secondary origins of a delivery service (its primary comes from `orgServerFqdn`). */
function secondaryOrigins(xmlId, tenant, count) {
  const origins = [];
  for (let i = 1; i <= count; i++) {
    origins.push({
      name: `${xmlId}-origin-${pad(i, 2)}`,
      fqdn: `o${i}.${xmlId}.bench.test`,
      protocol: i % 2 === 0 ? 'https' : 'http',
      port: i % 2 === 0 ? 443 : 8080,
      deliveryService: xmlId,
      tenant,
    });
  }
  return origins;
}

function users(count, passwordHash) {
  const roles = ['operations', 'read-only', 'admin', 'portal'];
  const list = [];
  for (let i = 1; i <= count; i++) {
    list.push({
      username: `user${pad(i, 3)}`,
      email: `user${pad(i, 3)}@bench.test`,
      fullName: `Bench User ${i}`,
      role: roles[i % roles.length],
      tenant: i % 3 === 0 ? 'bench-tenant' : 'root',
      localPasswordHash: passwordHash,
    });
  }
  return list;
}

const baseSections = () => ({
  cdns: [
    { name: 'bench-cdn1', domainName: 'cdn1.bench.test', dnssecEnabled: false },
    { name: 'bench-cdn2', domainName: 'cdn2.bench.test', dnssecEnabled: false },
  ],
  tenants: [{ name: 'bench-tenant', parentName: 'root', active: true }],
});

const SMALL_USERS = 49;

/** The generated users of the small data set (all with the same password, USER_PASSWORD). */
export const smallUsernames = () => Array.from({ length: SMALL_USERS }, (_, i) => `user${pad(i + 1, 3)}`);

/** 50 origins (10 delivery services × 5) and 50 users (49 here + admin). */
export function smallDataSet(passwordHash) {
  const deliveryServices = [];
  const origins = [];
  for (let d = 1; d <= 10; d++) {
    const xmlId = `small-ds${pad(d, 2)}`;
    const tenant = d % 2 === 0 ? 'bench-tenant' : 'root';
    deliveryServices.push(deliveryService(xmlId, 'bench-cdn1', tenant));
    origins.push(...secondaryOrigins(xmlId, tenant, 4));
  }
  return { ...baseSections(), users: users(SMALL_USERS, passwordHash), deliveryServices, origins };
}

export const LARGE = {
  deliveryServices: 500,
  originsPerDs: 20,
  jobs: 100_000,
  activeJobsOnCdn1: 10_000,
  /** The CDN whose regex_revalidate.config the benchmark asks for. */
  cdn: 'bench-cdn1',
};

/**
 * 10,000 origins (500 delivery services × 20) and 100,000 purge jobs: on bench-cdn1, 10,000 active ones, and
 * 40,000 expired ones inside the 90-day window plus 10,000 older; on bench-cdn2, 40,000 of mixed age.
 */
export function largeDataSet(passwordHash, now) {
  const deliveryServices = [];
  const origins = [];
  const half = LARGE.deliveryServices / 2;
  for (let d = 1; d <= LARGE.deliveryServices; d++) {
    const xmlId = `large-ds${pad(d, 3)}`;
    const tenant = d % 2 === 0 ? 'bench-tenant' : 'root';
    deliveryServices.push(deliveryService(xmlId, d <= half ? 'bench-cdn1' : 'bench-cdn2', tenant));
    origins.push(...secondaryOrigins(xmlId, tenant, LARGE.originsPerDs - 1));
  }
  const jobs = [];
  const job = (n, dsIndex, startTime, ttl) =>
    jobs.push({
      deliveryService: `large-ds${pad(dsIndex, 3)}`,
      regex: `/assets/${n}/.*\\.jpg`,
      startTime: seedTime(startTime),
      ttl,
      username: n % 2 === 0 ? 'user004' : 'user008',
    });
  let n = 0;
  const cdn1Ds = () => 1 + (n % half);
  const cdn2Ds = () => half + 1 + (n % half);
  for (let i = 0; i < LARGE.activeJobsOnCdn1; i++, n++) job(n, cdn1Ds(), now - (n % 20) * HOUR, 48 + (n % 48));
  for (let i = 0; i < 40_000; i++, n++) job(n, cdn1Ds(), now - (5 + (n % 80)) * DAY, 24);
  for (let i = 0; i < 10_000; i++, n++) job(n, cdn1Ds(), now - (100 + (n % 200)) * DAY, 24);
  for (; n < LARGE.jobs; n++) job(n, cdn2Ds(), now - (n % 60) * DAY, 24 + (n % 72));
  return { ...baseSections(), users: users(10, passwordHash), deliveryServices, origins, jobs };
}

/**
 * The `--scale N` data set: N origins (N / 20 delivery services × 19 secondaries and a primary each) and N users,
 * half the delivery services and a third of the users under bench-tenant.
 */
export function scaleDataSet(passwordHash, count) {
  const deliveryServices = [];
  const origins = [];
  const dsCount = Math.max(1, Math.round(count / 20));
  for (let d = 1; d <= dsCount; d++) {
    const xmlId = `scale-ds${pad(d, 5)}`;
    const tenant = d % 2 === 0 ? 'bench-tenant' : 'root';
    deliveryServices.push(deliveryService(xmlId, 'bench-cdn1', tenant));
    origins.push(...secondaryOrigins(xmlId, tenant, Math.round(count / dsCount) - 1));
  }
  return { ...baseSections(), users: users(count - 1, passwordHash), deliveryServices, origins };
}
