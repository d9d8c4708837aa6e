import { listProfiles } from '../../api/endpoints';
import type { ProfileRecord } from '../../../../shared/contract/profiles.js';
import {
  createServer,
  getServer,
  listCachegroups,
  listCdns,
  listPhysLocations,
  listTypes,
  updateServer,
} from '../../api/topology';
import type { Alert } from '../../api/types';
import { LoadState } from '../../components/LoadState';
import { useResource } from '../../hooks/useResource';
import { SERVER_ALIASES, SERVER_FORM_FIELDS, ServerForm, type ServerLookups } from './ServerForm';
import { ServerDsAssign } from './ServerDsAssign';

export type ServerMode =
  { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; id: number } | { kind: 'assign'; id: number };

type Write = (
  action: () => Promise<{ alerts: Alert[] }>,
  fields?: readonly string[],
  aliases?: Partial<Record<string, string>>,
) => Promise<void>;

function useLookups(): ServerLookups & { loading: boolean } {
  const cdns = useResource(listCdns);
  const cachegroups = useResource(listCachegroups);
  const types = useResource(() => listTypes('server'));
  const profiles = useResource(listProfiles);
  const physLocations = useResource(listPhysLocations);
  return {
    cdns: cdns.data ?? [],
    cachegroups: cachegroups.data ?? [],
    types: types.data ?? [],
    profiles: (profiles.data ?? []) as unknown as ProfileRecord[],
    physLocations: physLocations.data ?? [],
    loading: [cdns, cachegroups, types, profiles, physLocations].some((r) => r.loading),
  };
}

/**
 * The Servers page's open form: a new server, one server's every field (loaded whole), or its delivery services.
 * The form waits for its lists so its selects start on the server's values.
 */
export function ServerEditor({
  mode,
  busy,
  serverErrors,
  write,
  onCancel,
}: {
  mode: Exclude<ServerMode, { kind: 'list' }>;
  busy: boolean;
  serverErrors: Partial<Record<string, string>>;
  write: Write;
  onCancel: () => void;
}) {
  const lookups = useLookups();
  const id = mode.kind === 'create' ? null : mode.id;
  const loaded = useResource(
    () => (id === null ? Promise.resolve({ response: [], alerts: [] }) : getServer(id)),
    String(id),
  );
  const server = loaded.data?.[0] ?? null;
  if (lookups.loading || loaded.loading || (id !== null && !server))
    return (
      <LoadState
        loading={lookups.loading || loaded.loading}
        alerts={loaded.alerts}
        empty
        emptyText="That server is gone."
      />
    );
  if (mode.kind === 'assign' && server)
    return <ServerDsAssign server={server} busy={busy} onSave={(run) => void write(run)} onCancel={onCancel} />;
  const save = (body: Record<string, unknown>) =>
    void write(() => (server ? updateServer(server.id, body) : createServer(body)), SERVER_FORM_FIELDS, SERVER_ALIASES);
  return (
    <ServerForm
      key={server?.id ?? 'new'}
      server={server}
      lookups={lookups}
      busy={busy}
      serverErrors={serverErrors}
      onSave={save}
      onCancel={onCancel}
    />
  );
}
