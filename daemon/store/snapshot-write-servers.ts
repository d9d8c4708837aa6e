export const SERVER_COLUMNS = [
  'host_name', 'domain_name', 'tcp_port', 'https_port', 'interface_name', 'interface_mtu', 'ip_address', 'ip_netmask',
  'ip_gateway', 'ip6_address', 'ip6_gateway', 'type_id', 'status', 'offline_reason', 'cachegroup_id', 'cdn_id',
  'profile_id',
];
