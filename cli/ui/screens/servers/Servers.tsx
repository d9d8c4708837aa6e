import { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import type { CacheActions } from '../../cache-actions.js';
import type { Alert } from '../../types.js';
import { Screen } from '../../components/Screen.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { Notice } from '../../components/Status.js';
import { Table } from '../../components/Table.js';
import { Details } from '../../components/Details.js';
import { useListKeys, type ListKeysState } from '../../hooks/use-list-keys.js';
import { useAction, useRequest, type RequestState } from '../../hooks/use-request.js';
import { useInterval } from '../../hooks/use-interval.js';
import { theme } from '../../theme.js';
import { checkText } from '../../../../shared/rules/server-checks.js';
import { statusAlertText } from '../../../../shared/rules/server-status-text.js';
import { SERVER_COLUMNS, matches, withChecks, type ServerWithChecks } from './columns.js';
import { StatusChange } from './StatusChange.js';

export interface ServersProps {
  actions: CacheActions;
  refreshMs?: number;
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
}

const KEYS = [
  { keys: '↑↓ j/k', does: 'move' },
  { keys: 'Enter', does: 'details' },
  { keys: 's', does: 'change status' },
  { keys: 'u / d', does: 'queue / dequeue an update' },
  { keys: 'r', does: 'refresh now' },
  { keys: '/', does: 'filter' },
  { keys: 'Esc', does: 'back' },
];

const rowColor = (s: ServerWithChecks) =>
  s.status === 'OFFLINE' || s.status === 'PRE_PROD'
    ? theme.muted
    : s.status === 'ADMIN_DOWN'
      ? theme.warning
      : undefined;

/** The caches: status, pending flags, last check-in and readiness checks; change status and queue from here. */
export function Servers({ actions, refreshMs = 10_000, onBack, onQuit, width = 80 }: ServersProps) {
  const servers = useRequest(async () => withChecks(await actions.listServers(), await actions.serverChecks()));
  const [open, setOpen] = useState<ServerWithChecks | null>(null);
  const [changing, setChanging] = useState<ServerWithChecks | null>(null);
  const [notices, setNotices] = useState<Alert[]>([]);
  const [help, setHelp] = useState(false);
  const write = useAction();
  useInterval(servers.reload, refreshMs);
  const act = async (run: () => Promise<{ alerts: Alert[] }>) => {
    const result = await write.run(run);
    if (result) setNotices(result.alerts);
    servers.reload();
  };
  const list = useListKeys({
    items: servers.data ?? [],
    matches,
    isActive: open === null && changing === null,
    onSelect: setOpen,
    onCancel: onBack,
    onKey: (input, _key, current) => {
      if (input === 'r') servers.reload();
      else if (input === 'q') onQuit?.();
      else if (input === '?') setHelp((h) => !h);
      else if (current && input === 's') setChanging(current);
      else if (current && (input === 'u' || input === 'd')) void act(() => actions.queue(current.id, input === 'u'));
    },
  });
  useInput((input, key) => (key.escape ? setOpen(null) : input === 'q' ? onQuit?.() : undefined), {
    isActive: open !== null,
  });
  return (
    <Screen path={open ? ['Servers', open.hostName] : ['Servers']} bindings={KEYS} showHelp={help} width={width}>
      {changing ? (
        <StatusChange
          hostName={changing.hostName}
          current={changing.status}
          width={width}
          onCancel={() => setChanging(null)}
          onDone={(status, reason) => {
            setChanging(null);
            void act(async () => {
              const result = await actions.setStatus(changing.id, status, reason);
              return { alerts: result.alerts.map((a) => ({ ...a, text: statusAlertText(a.text, changing.type) })) };
            });
          }}
        />
      ) : open ? (
        <ServerDetails server={open} width={width} />
      ) : (
        <ServerList servers={servers} list={list} width={width} />
      )}
      {write.pending && <Spinner label="Sending…" />}
      {write.error && <ErrorBox message={write.error} title="The server refused" />}
      {notices.map((n, i) => (
        <Notice key={i} text={n.text} level={n.level} />
      ))}
    </Screen>
  );
}

/** One server with its checks. */
function ServerDetails({ server: s, width }: { server: ServerWithChecks; width: number }) {
  return (
    <Details
      width={width}
      rows={[
        ['Host', s.hostName],
        ['Type', s.type],
        ['Status', s.status],
        ['Offline reason', s.offlineReason],
        ['Cache group', s.cachegroup],
        ['CDN', s.cdnName],
        ['Profile', s.profile],
        ['Address', `${s.ipAddress ?? ''}:${s.tcpPort ?? 80}`],
        ['Update pending', s.updPending],
        ['Revalidation pending', s.revalPending],
        ['Last check-in', s.lastCheckIn ?? 'never'],
        ...Object.entries(s.checks).map(([name, v]): [string, string] => [`Check ${name}`, checkText(name, v)]),
      ]}
    />
  );
}

/** The servers table, narrowed by the typed filter. */
function ServerList({
  servers,
  list,
  width,
}: {
  servers: RequestState<ServerWithChecks[]>;
  list: ListKeysState<ServerWithChecks>;
  width: number;
}) {
  return (
    <Box flexDirection="column">
      {list.filter ? <Text color={theme.muted}>{`matching /${list.filter}`}</Text> : null}
      {servers.loading && !servers.data && <Spinner label="Loading the servers…" />}
      {servers.error && <ErrorBox message={servers.error} title="Could not load the servers" hint="r to try again" />}
      {servers.data && (
        <Table
          columns={SERVER_COLUMNS}
          rows={list.shown}
          width={width}
          selected={list.cursor}
          extraRows={2}
          rowColor={rowColor}
          emptyText="No servers."
        />
      )}
    </Box>
  );
}
