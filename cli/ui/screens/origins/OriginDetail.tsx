import { Box, Text } from 'ink';
import type { Origin } from '../../types.js';
import { Details } from '../../components/Details.js';
import { theme } from '../../theme.js';

const withId = (name: string | null | undefined, id: number | null | undefined) =>
  name ? (id ? `${name} (${id})` : name) : id ? String(id) : null;

/** Every field of one origin. */
export function OriginDetail({ origin, width }: { origin: Origin; width: number }) {
  return (
    <Box flexDirection="column">
      <Text bold>
        {origin.name}
        {origin.isPrimary ? <Text color={theme.primary}>{'  ★ primary (cannot be deleted)'}</Text> : null}
      </Text>
      <Box marginTop={1}>
        <Details
          width={width}
          rows={[
            ['ID', origin.id],
            ['FQDN', origin.fqdn],
            ['Protocol', origin.protocol],
            ['Port', origin.port],
            ['IPv4 address', origin.ipAddress],
            ['IPv6 address', origin.ip6Address],
            ['Delivery service', withId(origin.deliveryService, origin.deliveryServiceId)],
            ['Tenant', withId(origin.tenant, origin.tenantId)],
            ['Cache group', withId(origin.cachegroup, origin.cachegroupId)],
            ['Coordinate', withId(origin.coordinate, origin.coordinateId)],
            ['Profile', withId(origin.profile, origin.profileId)],
            ['Primary', origin.isPrimary ? 'yes' : 'no'],
            ['Last updated', origin.lastUpdated],
          ]}
        />
      </Box>
    </Box>
  );
}
