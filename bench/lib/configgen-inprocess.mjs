// `--only configgen`, the generation itself (issue 32's "all configuration files of one cache generated in ≤ 20 ms
// (cold)"): the daemon's own services on the seeded data, in this process, without HTTP. For each cache, what the
// routes do for an agent that fetches everything: the cache's generation and its list, then every listed file
// (its own files, and the files at its CDN's and profile's URIs). Caches are taken one after another on one
// store, as a daemon meets them: the first pays the catalog (every delivery service of the CDN, loaded once per
// data version), the others are cold for their own share only.
import { cpuUsage } from 'node:process';

const dist = (path) => new URL(`../../dist/${path}`, import.meta.url).href;

async function services() {
  const [db, store, files, scoped, list, paths] = await Promise.all([
    import(dist('daemon/store/sqlite/db.js')),
    import(dist('daemon/store/sqlite/index.js')),
    import(dist('daemon/services/caches/ats-server-files.js')),
    import(dist('daemon/services/caches/ats-scoped.js')),
    import(dist('daemon/atsconfig/file-list.js')),
    import(dist('shared/paths.js')),
  ]);
  return { ...db, ...store, ...files, ...scoped, ...list, dataFiles: paths.dataFiles };
}

/** Every file of `host` as the routes make them: { cpuMs, ms, files }. */
async function generateAll(s, ctx, host) {
  const before = cpuUsage();
  const started = performance.now();
  const server = await ctx.store.cacheConfig.serverByHostName(host);
  const cdn = await ctx.store.cdns.byId(server.cdnId);
  const generation = await s.serverGeneration(ctx, server, cdn);
  await s.keepServedAnswers(ctx, generation, cdn);
  const { configFiles } = s.atsConfigFiles(generation.context, '1.3', 'http://bench.invalid');
  for (const { apiUri, fnameOnDisk } of configFiles) {
    const [scope, owner] = apiUri.split('/').slice(3, 5);
    const text =
      scope === 'servers'
        ? await generation.file(fnameOnDisk)
        : await s.scopedFileText(ctx, scope, decodeURIComponent(owner), fnameOnDisk);
    if (text === null) throw new Error(`${host}: ${apiUri} has no text`);
  }
  const used = cpuUsage(before);
  return { cpuMs: (used.user + used.system) / 1000, ms: performance.now() - started, files: configFiles.length };
}

/** Runs `hosts` (tagged by kind) in order on one store over `dataDir`: { kind: [runs] }. */
export async function generateInProcess(dataDir, hosts) {
  const s = await services();
  const db = s.openDatabase(s.dataFiles(dataDir).database);
  try {
    const ctx = { store: s.sqliteStore(db), clock: () => Date.now(), baseUrl: () => null };
    const runs = {};
    for (const [kind, host] of hosts) (runs[kind] ??= []).push({ host, ...(await generateAll(s, ctx, host)) });
    return runs;
  } finally {
    db.close();
  }
}
