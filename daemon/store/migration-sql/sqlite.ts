/**
 * The SQLite SQL of the steps in daemon/store/migrations.ts (the one list, which says which step each is). Each
 * runs once, in order, inside a transaction, and SQLite's `user_version` records how many have run.
 */
// 1: the whole initial schema. Times are integer milliseconds since the Unix epoch (UTC).
export const SQLITE_1 = `
  CREATE TABLE roles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    priv_level INTEGER NOT NULL
  );

  CREATE TABLE tenants (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    active INTEGER NOT NULL DEFAULT 1,
    parent_id INTEGER REFERENCES tenants(id),
    last_updated INTEGER NOT NULL
  );

  CREATE TABLE cdns (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    domain_name TEXT NOT NULL,
    dnssec_enabled INTEGER NOT NULL DEFAULT 0,
    last_updated INTEGER NOT NULL
  );

  -- Types of delivery services, cache groups and the like, as Traffic Ops' type table.
  CREATE TABLE types (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    use_in_table TEXT NOT NULL,
    UNIQUE (name, use_in_table)
  );

  CREATE TABLE coordinates (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    latitude REAL NOT NULL DEFAULT 0,
    longitude REAL NOT NULL DEFAULT 0,
    last_updated INTEGER NOT NULL
  );

  CREATE TABLE cachegroups (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    short_name TEXT NOT NULL,
    type_id INTEGER NOT NULL REFERENCES types(id),
    coordinate_id INTEGER REFERENCES coordinates(id),
    parent_cachegroup_id INTEGER REFERENCES cachegroups(id),
    last_updated INTEGER NOT NULL
  );

  CREATE TABLE profiles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    type TEXT NOT NULL,
    cdn_id INTEGER NOT NULL REFERENCES cdns(id),
    routing_disabled INTEGER NOT NULL DEFAULT 0,
    last_updated INTEGER NOT NULL
  );

  CREATE TABLE parameters (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    config_file TEXT NOT NULL,
    value TEXT NOT NULL,
    secure INTEGER NOT NULL DEFAULT 0,
    last_updated INTEGER NOT NULL,
    UNIQUE (name, config_file, value)
  );

  CREATE TABLE profile_parameters (
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    parameter_id INTEGER NOT NULL REFERENCES parameters(id) ON DELETE CASCADE,
    PRIMARY KEY (profile_id, parameter_id)
  );

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL UNIQUE,
    full_name TEXT NOT NULL DEFAULT '',
    local_passwd TEXT,
    role_id INTEGER NOT NULL REFERENCES roles(id),
    tenant_id INTEGER NOT NULL REFERENCES tenants(id),
    company TEXT,
    address_line1 TEXT,
    address_line2 TEXT,
    city TEXT,
    state_or_province TEXT,
    postal_code TEXT,
    country TEXT,
    phone_number TEXT,
    public_ssh_key TEXT,
    gid INTEGER,
    uid INTEGER,
    new_user INTEGER NOT NULL DEFAULT 0,
    registration_sent INTEGER,
    last_updated INTEGER NOT NULL
  );
  CREATE INDEX users_tenant ON users(tenant_id);

  -- Server-side sessions; only a SHA-256 hash of the cookie value is stored.
  CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    idle_expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX sessions_user ON sessions(user_id);

  -- Registration and password-reset tokens; single-use, stored hashed.
  CREATE TABLE user_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  ) WITHOUT ROWID;
  CREATE INDEX user_tokens_user ON user_tokens(user_id);

  CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX login_failures_user_at ON login_failures(username, at);

  CREATE TABLE deliveryservices (
    id INTEGER PRIMARY KEY,
    xml_id TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL,
    tenant_id INTEGER NOT NULL REFERENCES tenants(id),
    cdn_id INTEGER NOT NULL REFERENCES cdns(id),
    type_id INTEGER NOT NULL REFERENCES types(id),
    profile_id INTEGER REFERENCES profiles(id),
    active INTEGER NOT NULL DEFAULT 1,
    cacheurl TEXT,
    ccr_dns_ttl INTEGER,
    check_path TEXT,
    deep_caching_type TEXT NOT NULL DEFAULT 'NEVER',
    dns_bypass_cname TEXT,
    dns_bypass_ip TEXT,
    dns_bypass_ip6 TEXT,
    dns_bypass_ttl INTEGER,
    dscp INTEGER NOT NULL DEFAULT 0,
    edge_header_rewrite TEXT,
    geo_limit INTEGER NOT NULL DEFAULT 0,
    geo_limit_countries TEXT,
    geo_limit_redirect_url TEXT,
    geo_provider INTEGER NOT NULL DEFAULT 0,
    global_max_mbps INTEGER,
    global_max_tps INTEGER,
    http_bypass_fqdn TEXT,
    info_url TEXT,
    initial_dispersion INTEGER NOT NULL DEFAULT 1,
    ipv6_routing_enabled INTEGER NOT NULL DEFAULT 0,
    logs_enabled INTEGER NOT NULL DEFAULT 0,
    long_desc TEXT,
    long_desc1 TEXT,
    long_desc2 TEXT,
    max_dns_answers INTEGER,
    mid_header_rewrite TEXT,
    miss_lat REAL,
    miss_long REAL,
    multi_site_origin INTEGER NOT NULL DEFAULT 0,
    multi_site_origin_algorithm INTEGER,
    origin_shield TEXT,
    protocol INTEGER NOT NULL DEFAULT 0,
    qstring_ignore INTEGER NOT NULL DEFAULT 0,
    range_request_handling INTEGER NOT NULL DEFAULT 0,
    regex_remap TEXT,
    regional_geo_blocking INTEGER NOT NULL DEFAULT 0,
    remap_text TEXT,
    routing_name TEXT NOT NULL DEFAULT 'cdn',
    signed INTEGER NOT NULL DEFAULT 0,
    ssl_key_version INTEGER,
    tr_request_headers TEXT,
    tr_response_headers TEXT,
    last_updated INTEGER NOT NULL
  );
  CREATE INDEX deliveryservices_tenant ON deliveryservices(tenant_id);
  CREATE INDEX deliveryservices_cdn ON deliveryservices(cdn_id);

  CREATE TABLE deliveryservice_users (
    deliveryservice_id INTEGER NOT NULL REFERENCES deliveryservices(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (deliveryservice_id, user_id)
  ) WITHOUT ROWID;
  CREATE INDEX deliveryservice_users_user ON deliveryservice_users(user_id);

  CREATE TABLE origins (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    fqdn TEXT NOT NULL,
    protocol TEXT NOT NULL,
    is_primary INTEGER NOT NULL DEFAULT 0,
    port INTEGER,
    ip_address TEXT,
    ip6_address TEXT,
    deliveryservice_id INTEGER NOT NULL REFERENCES deliveryservices(id) ON DELETE CASCADE,
    coordinate_id INTEGER REFERENCES coordinates(id),
    cachegroup_id INTEGER REFERENCES cachegroups(id),
    profile_id INTEGER REFERENCES profiles(id),
    tenant_id INTEGER REFERENCES tenants(id),
    last_updated INTEGER NOT NULL
  );
  CREATE INDEX origins_deliveryservice ON origins(deliveryservice_id);
  -- At most one primary origin per delivery service.
  CREATE UNIQUE INDEX origins_one_primary ON origins(deliveryservice_id) WHERE is_primary = 1;

  CREATE TABLE federations (
    id INTEGER PRIMARY KEY,
    cname TEXT NOT NULL UNIQUE,
    ttl INTEGER NOT NULL,
    description TEXT,
    cdn_id INTEGER REFERENCES cdns(id),
    last_updated INTEGER NOT NULL
  );

  CREATE TABLE federation_deliveryservices (
    federation_id INTEGER NOT NULL REFERENCES federations(id) ON DELETE CASCADE,
    deliveryservice_id INTEGER NOT NULL REFERENCES deliveryservices(id) ON DELETE CASCADE,
    PRIMARY KEY (federation_id, deliveryservice_id)
  ) WITHOUT ROWID;

  CREATE TABLE federation_users (
    federation_id INTEGER NOT NULL REFERENCES federations(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (federation_id, user_id)
  ) WITHOUT ROWID;

  CREATE TABLE jobs (
    id INTEGER PRIMARY KEY,
    keyword TEXT NOT NULL DEFAULT 'PURGE',
    asset_url TEXT NOT NULL,
    asset_type TEXT NOT NULL DEFAULT 'file',
    status TEXT NOT NULL DEFAULT 'PENDING',
    ttl_hours INTEGER NOT NULL,
    start_time INTEGER NOT NULL,
    entered_time INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    deliveryservice_id INTEGER NOT NULL REFERENCES deliveryservices(id) ON DELETE CASCADE,
    agent TEXT NOT NULL DEFAULT 'dummy',
    object_type TEXT,
    object_name TEXT
  );
  CREATE INDEX jobs_user ON jobs(user_id, id);
  CREATE INDEX jobs_deliveryservice_start ON jobs(deliveryservice_id, start_time);
  `;

// 2: regex_revalidate.config reads only the jobs still running; indexing their end (TTL of at least an hour,
// as the file clamps it) lets it skip the expired ones instead of reading every job in the window.
export const SQLITE_2 = `
  CREATE INDEX jobs_deliveryservice_end ON jobs(deliveryservice_id, start_time + max(ttl_hours, 1) * 3600000);
  `;

// issue 15: servers and cache groups. Caches (servers) in their cache groups and CDNs, their status, the
// pending flags and check-in times that carry queued updates and revalidations to them, their delivery-service
// assignments, the readiness-check results and the check extensions (Traffic Ops' servercheck, to_extension).
export const SQLITE_3 = `
  ALTER TABLE cachegroups ADD COLUMN secondary_parent_cachegroup_id INTEGER REFERENCES cachegroups(id);

  CREATE TABLE servers (
    id INTEGER PRIMARY KEY,
    host_name TEXT NOT NULL UNIQUE,
    domain_name TEXT NOT NULL,
    tcp_port INTEGER,
    https_port INTEGER,
    interface_name TEXT NOT NULL DEFAULT 'eth0',
    interface_mtu INTEGER NOT NULL DEFAULT 1500,
    ip_address TEXT,
    ip_netmask TEXT,
    ip_gateway TEXT,
    ip6_address TEXT,
    ip6_gateway TEXT,
    type_id INTEGER NOT NULL REFERENCES types(id),
    status TEXT NOT NULL CHECK (status IN ('ONLINE', 'OFFLINE', 'REPORTED', 'ADMIN_DOWN', 'PRE_PROD')),
    offline_reason TEXT,
    cachegroup_id INTEGER NOT NULL REFERENCES cachegroups(id),
    cdn_id INTEGER NOT NULL REFERENCES cdns(id),
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    upd_pending INTEGER NOT NULL DEFAULT 0,
    reval_pending INTEGER NOT NULL DEFAULT 0,
    -- When each flag was last raised while down (null while it is down): how long a cache has been behind.
    upd_pending_since INTEGER,
    reval_pending_since INTEGER,
    last_check_in INTEGER,
    -- The last check-in that reported its revalidation applied (reval_updated = false): job propagation.
    reval_applied_at INTEGER,
    last_updated INTEGER NOT NULL
  );
  CREATE INDEX servers_cdn ON servers(cdn_id);
  CREATE INDEX servers_cachegroup ON servers(cachegroup_id);

  CREATE TABLE deliveryservice_servers (
    deliveryservice_id INTEGER NOT NULL REFERENCES deliveryservices(id) ON DELETE CASCADE,
    server_id INTEGER NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
    PRIMARY KEY (deliveryservice_id, server_id)
  ) WITHOUT ROWID;
  CREATE INDEX deliveryservice_servers_server ON deliveryservice_servers(server_id);

  CREATE TABLE to_extensions (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    version TEXT NOT NULL,
    info_url TEXT NOT NULL,
    script_file TEXT NOT NULL,
    isactive INTEGER NOT NULL DEFAULT 1,
    additional_config_json TEXT,
    description TEXT,
    servercheck_short_name TEXT UNIQUE,
    type_id INTEGER NOT NULL REFERENCES types(id),
    last_updated INTEGER NOT NULL
  );

  -- One value per server and check short name (Traffic Ops kept one column per check in one row per server).
  CREATE TABLE servercheck_results (
    server_id INTEGER NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
    short_name TEXT NOT NULL,
    value INTEGER,
    last_updated INTEGER NOT NULL,
    PRIMARY KEY (server_id, short_name)
  ) WITHOUT ROWID;
  `;

// issue 17: the delivery-service fields Traffic Ops 1.x returned that ours lacked (defaults as its schema had
// them), so a read-modify-write client of API 1.4/1.5 does not send back nulls. signing_algorithm takes over from
// `signed`: a signed delivery service signs URLs with url_sig.
export const SQLITE_4 = `
  ALTER TABLE deliveryservices ADD COLUMN anonymous_blocking_enabled INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE deliveryservices ADD COLUMN consistent_hash_query_params TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE deliveryservices ADD COLUMN consistent_hash_regex TEXT;
  ALTER TABLE deliveryservices ADD COLUMN ecs_enabled INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE deliveryservices ADD COLUMN fq_pacing_rate INTEGER DEFAULT 0;
  ALTER TABLE deliveryservices ADD COLUMN max_origin_connections INTEGER DEFAULT 0;
  ALTER TABLE deliveryservices ADD COLUMN range_slice_block_size INTEGER;
  ALTER TABLE deliveryservices ADD COLUMN signing_algorithm TEXT CHECK (signing_algorithm IN ('url_sig', 'uri_signing'));
  UPDATE deliveryservices SET signing_algorithm = 'url_sig' WHERE signed = 1;
  `;

// issue 20: a version counter per table, bumped by triggers in every writing transaction (the triggers are
// added for every table, present and future, by ensureVersionTriggers in store/table-versions.ts), so a write
// drops only the cached answers built from the tables it changed.
export const SQLITE_5 = `
  CREATE TABLE table_versions (
    name TEXT PRIMARY KEY,
    version INTEGER NOT NULL DEFAULT 0
  ) WITHOUT ROWID;
  `;

// issue 19: the change log (Traffic Ops' `log` table). No foreign key to users: an entry outlives its user, and
// keeps the username it was written under. tenant_ids lists the tenants the entry is about (a JSON array): the
// entry is shown to callers who see every one of them.
export const SQLITE_6 = `
  CREATE TABLE log (
    id INTEGER PRIMARY KEY,
    level TEXT NOT NULL,
    message TEXT NOT NULL,
    user_id INTEGER,
    username TEXT NOT NULL,
    ticket_num INTEGER,
    tenant_ids TEXT NOT NULL DEFAULT '[]',
    last_updated INTEGER NOT NULL
  );
  CREATE INDEX log_last_updated ON log(last_updated);

  -- Failed logins count per (username, client address) and per address (the login throttle).
  ALTER TABLE login_failures ADD COLUMN address TEXT NOT NULL DEFAULT '';
  DROP INDEX login_failures_user_at;
  CREATE INDEX login_failures_user_address_at ON login_failures(username, address, at);
  CREATE INDEX login_failures_address_at ON login_failures(address, at);

  -- Password-reset requests as recorded (the same work for known and unknown addresses); the mail queue takes them.
  CREATE TABLE reset_requests (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL,
    requested_at INTEGER NOT NULL
  );
  `;

// issue 18: password-reset requests counted per client address in the database (not in one daemon's memory),
// so the per-address limit holds across every daemon on one database. Apart from reset_requests, whose rows
// the mail queue deletes as it takes them: the window must outlive the queue.
export const SQLITE_7 = `
  CREATE TABLE reset_clients (
    client TEXT NOT NULL,
    requested_at INTEGER NOT NULL
  );
  CREATE INDEX reset_clients_client_at ON reset_clients(client, requested_at);
  CREATE INDEX reset_clients_at ON reset_clients(requested_at);
  `;

// issue 28: the (username, client address) pairs that logged in successfully, and when last: the login gate
// keeps hash slots for them during a flood, and a username's failures from elsewhere do not hold them back.
// Sign-in bookkeeping, like login_failures (no version, no export).
export const SQLITE_8 = `
  CREATE TABLE login_successes (
    username TEXT NOT NULL,
    address TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (username, address)
  );
  CREATE INDEX login_successes_at ON login_successes(at);
  `;

// issue 28: the logins that speak for a cache (its agent): only they check in for it and read its key-store files.
export const SQLITE_9 = `
  CREATE TABLE server_agents (
    server_id INTEGER NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (server_id, user_id)
  );
  CREATE INDEX server_agents_user ON server_agents(user_id);
  `;
