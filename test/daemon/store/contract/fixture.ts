/**
 * A small data set both stores accept as it is written (plain INSERTs with literal values and explicit ids):
 * the contract tests load it with `handle.exec(CONTRACT_FIXTURE)` and then expect the same answers from both.
 * Times are fixed epoch milliseconds. Extend it (at the end) when a contract test needs more rows.
 */
export const T0 = 1_700_000_000_000;

export const CONTRACT_FIXTURE = `
INSERT INTO roles (id, name, description, priv_level) VALUES
  (1, 'admin', 'super-user', 30), (2, 'operations', 'block all access', 20), (3, 'read-only', 'read-only user', 10),
  (4, 'disallowed', 'block all access', 0), (5, 'portal', 'portal user', 15), (6, 'federation', 'federation user', 15),
  (7, 'ort', 'cache check-in (ORT) user', 11);
INSERT INTO tenants (id, name, active, parent_id, last_updated) VALUES
  (1, 'root', 1, NULL, ${T0}), (2, 'acme', 1, 1, ${T0}), (3, 'acme-video', 1, 2, ${T0}), (4, 'globex', 0, 1, ${T0});
INSERT INTO cdns (id, name, domain_name, dnssec_enabled, last_updated) VALUES
  (1, 'ALL', '-', 0, ${T0}), (2, 'cdn1', 'cdn1.example.net', 0, ${T0});
INSERT INTO types (id, name, description, use_in_table) VALUES
  (1, 'HTTP', 'HTTP delivery service', 'deliveryservice'), (2, 'DNS', 'DNS delivery service', 'deliveryservice'),
  (3, 'EDGE_LOC', 'EDGE_LOC cache group', 'cachegroup'), (4, 'MID_LOC', 'MID_LOC cache group', 'cachegroup'),
  (5, 'ATS_PROFILE', 'ATS_PROFILE profile', 'profile'), (6, 'EDGE', 'EDGE cache', 'server'),
  (7, 'MID', 'MID cache', 'server'), (8, 'CHECK_EXTENSION_BOOL', 'bool check', 'to_extension');
INSERT INTO coordinates (id, name, latitude, longitude, last_updated) VALUES (1, 'coord-den', 39.7, -104.9, ${T0});
INSERT INTO cachegroups (id, name, short_name, type_id, coordinate_id, parent_cachegroup_id, secondary_parent_cachegroup_id, last_updated) VALUES
  (1, 'mid-den', 'mden', 4, 1, NULL, NULL, ${T0}), (2, 'edge-den', 'eden', 3, 1, 1, NULL, ${T0});
INSERT INTO profiles (id, name, description, type, cdn_id, routing_disabled, last_updated) VALUES
  (1, 'GLOBAL', 'Global profile', 'UNK_PROFILE', 1, 0, ${T0}), (2, 'EDGE_ATS', 'edge caches', 'ATS_PROFILE', 2, 0, ${T0}),
  (3, 'MID_ATS', 'mid caches', 'ATS_PROFILE', 2, 0, ${T0});
INSERT INTO parameters (id, name, config_file, value, secure, last_updated) VALUES
  (1, 'maxRevalDurationDays', 'regex_revalidate.config', '90', 0, ${T0}),
  (2, 'location', 'remap.config', '/etc/trafficserver/', 0, ${T0}),
  (3, 'CONFIG proxy.config.http.server_ports', 'records.config', 'STRING 8080', 0, ${T0});
INSERT INTO profile_parameters (profile_id, parameter_id) VALUES (1, 1), (2, 2), (2, 3), (3, 2);
INSERT INTO users (id, username, email, full_name, local_passwd, role_id, tenant_id, company, gid, uid, new_user, registration_sent, last_updated) VALUES
  (1, 'admin', 'admin@localhost', 'Administrator', 'x', 1, 1, NULL, NULL, NULL, 0, NULL, ${T0}),
  (2, 'ops', 'ops@acme.test', 'Ops Person', 'x', 2, 2, 'Acme', 10, 20, 0, NULL, ${T0}),
  (3, 'viewer', 'viewer@acme.test', 'Viewer', NULL, 3, 3, NULL, NULL, NULL, 1, ${T0}, ${T0}),
  (4, 'gx', 'gx@globex.test', 'Globex', 'x', 5, 4, NULL, NULL, NULL, 0, NULL, ${T0});
INSERT INTO deliveryservices (id, xml_id, display_name, tenant_id, cdn_id, type_id, profile_id, active, last_updated) VALUES
  (1, 'ds-acme', 'Acme web', 2, 2, 1, NULL, 1, ${T0}), (2, 'ds-video', 'Acme video', 3, 2, 1, NULL, 1, ${T0}),
  (3, 'ds-globex', 'Globex', 4, 2, 2, NULL, 0, ${T0});
INSERT INTO deliveryservice_users (deliveryservice_id, user_id) VALUES (1, 2), (2, 3);
INSERT INTO origins (id, name, fqdn, protocol, is_primary, port, ip_address, ip6_address, deliveryservice_id, coordinate_id, cachegroup_id, profile_id, tenant_id, last_updated) VALUES
  (1, 'acme-origin', 'origin.acme.test', 'http', 1, 80, NULL, NULL, 1, NULL, NULL, NULL, 2, ${T0}),
  (2, 'video-origin', 'video.acme.test', 'https', 1, NULL, '192.0.2.7', NULL, 2, 1, 1, 3, 3, ${T0}),
  (3, 'globex-origin', 'origin.globex.test', 'http', 0, 8080, NULL, '2001:db8::1', 3, NULL, NULL, NULL, 4, ${T0});
INSERT INTO federations (id, cname, ttl, description, cdn_id, last_updated) VALUES (1, 'fed1.example.net.', 60, 'first', 2, ${T0});
INSERT INTO federation_deliveryservices (federation_id, deliveryservice_id) VALUES (1, 1);
INSERT INTO federation_users (federation_id, user_id) VALUES (1, 2);
INSERT INTO servers (id, host_name, domain_name, tcp_port, https_port, ip_address, ip_netmask, ip_gateway, type_id, status, cachegroup_id, cdn_id, profile_id, upd_pending, reval_pending, last_updated) VALUES
  (1, 'mid-01', 'example.net', 80, 443, '192.0.2.10', '255.255.255.0', '192.0.2.1', 7, 'REPORTED', 1, 2, 3, 0, 0, ${T0}),
  (2, 'edge-01', 'example.net', 80, 443, '192.0.2.20', '255.255.255.0', '192.0.2.1', 6, 'REPORTED', 2, 2, 2, 1, 0, ${T0}),
  (3, 'edge-02', 'example.net', 80, NULL, '192.0.2.21', '255.255.255.0', '192.0.2.1', 6, 'OFFLINE', 2, 2, 2, 0, 0, ${T0});
INSERT INTO deliveryservice_servers (deliveryservice_id, server_id) VALUES (1, 2), (1, 3), (2, 2);
INSERT INTO jobs (id, keyword, asset_url, asset_type, status, ttl_hours, start_time, entered_time, user_id, deliveryservice_id, agent) VALUES
  (1, 'PURGE', 'http://origin.acme.test/a/.*\\.jpg', 'file', 'PENDING', 24, ${T0}, ${T0}, 2, 1, 'dummy'),
  (2, 'PURGE', 'http://video.acme.test/v/.*', 'file', 'PENDING', 48, ${T0 + 3_600_000}, ${T0}, 3, 2, 'dummy');
`;
