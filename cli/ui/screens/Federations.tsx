import { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import type { Alert, Federation, FederationUser, User, WriteResult } from '../types.js';
import { Screen } from '../components/Screen.js';
import { Spinner } from '../components/Spinner.js';
import { ErrorBox } from '../components/ErrorBox.js';
import { SelectList } from '../components/SelectList.js';
import { MultiSelect } from '../components/MultiSelect.js';
import { Details } from '../components/Details.js';
import { Notice } from '../components/Status.js';
import { useAction, useRequest } from '../hooks/use-request.js';
import { planAssignment } from '../format/assignment.js';
import { theme } from '../theme.js';

export interface FederationsProps {
  listFederations: () => Promise<Federation[]>;
  listFederationUsers: (federationId: number) => Promise<FederationUser[]>;
  listUsers: () => Promise<User[]>;
  assignFederationUsers: (federationId: number, userIds: number[], replace: boolean) => Promise<WriteResult>;
  removeFederationUser: (federationId: number, userId: number) => Promise<WriteResult>;
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
  /** Whether the role may change who is assigned (default true); without, `a` is not offered. */
  canAssign?: boolean;
}

const LIST_KEYS = [
  { keys: '↑↓ j/k', does: 'move' },
  { keys: 'Enter', does: 'details and users' },
  { keys: '/', does: 'filter' },
  { keys: 'Esc', does: 'back' },
  { keys: 'q', does: 'quit' },
];
const DETAIL_KEYS = [
  { keys: 'a', does: 'choose the assigned users' },
  { keys: 'Esc', does: 'back to the list' },
  { keys: 'q', does: 'quit' },
];
const CHOOSE_KEYS = [
  { keys: 'Space', does: 'assign / unassign' },
  { keys: 'Enter', does: 'save' },
  { keys: '/', does: 'filter' },
  { keys: 'Esc', does: 'cancel' },
];

const names = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : value ? String(value) : null);

/** Federations, their assigned users, and a multi-select to change who is assigned. */
export function Federations(props: FederationsProps) {
  const { width = 80 } = props;
  const federations = useRequest(props.listFederations);
  const [open, setOpen] = useState<Federation | null>(null);
  const [help, setHelp] = useState(false);
  const path = open ? ['Federations', open.cname] : ['Federations'];
  return (
    <Screen
      path={path}
      bindings={
        open ? (props.canAssign === false ? DETAIL_KEYS.filter((b) => b.keys !== 'a') : DETAIL_KEYS) : LIST_KEYS
      }
      showHelp={help}
      width={width}
    >
      {open && (
        <FederationDetail
          {...props}
          federation={open}
          onClose={() => setOpen(null)}
          onHelp={() => setHelp((h) => !h)}
        />
      )}
      <Box flexDirection="column" display={open ? 'none' : 'flex'}>
        {federations.loading && <Spinner label="Loading federations…" />}
        {federations.error && <ErrorBox message={federations.error} title="Could not load federations" />}
        {federations.data && (
          <SelectList
            items={federations.data.map((f) => ({
              key: String(f.id),
              label: f.cname,
              hint: [f.description, f.ttl !== undefined && f.ttl !== null ? `ttl ${f.ttl}` : null]
                .filter(Boolean)
                .join(' · '),
              value: f,
            }))}
            isActive={open === null}
            width={width}
            emptyText="No federations."
            onSelect={(item) => setOpen(item.value)}
            onCancel={props.onBack}
            onKey={(input) => {
              if (input === 'q') props.onQuit?.();
              else if (input === '?') setHelp((h) => !h);
            }}
          />
        )}
      </Box>
    </Screen>
  );
}

interface DetailProps extends FederationsProps {
  federation: Federation;
  onClose: () => void;
  onHelp: () => void;
}

/** The assigned users of a federation, whether the chooser is up, and saving a new choice. */
function useAssignment(props: FederationsProps, id: number) {
  const assigned = useRequest(() => props.listFederationUsers(id));
  const users = useRequest(props.listUsers);
  const [choosing, setChoosing] = useState(false);
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const save = useAction();
  const choose = () => {
    setAlerts([]);
    save.clearError();
    setChoosing(true);
  };
  const apply = async (chosen: number[]) => {
    const plan = planAssignment(
      (assigned.data ?? []).map((u) => Number(u.id)),
      chosen,
    );
    setChoosing(false);
    if (plan.kind === 'none') return;
    const results = await save.run(async () => {
      if (plan.kind === 'assign') return [await props.assignFederationUsers(id, plan.userIds, plan.replace)];
      const answers: WriteResult[] = [];
      for (const userId of plan.userIds) answers.push(await props.removeFederationUser(id, userId));
      return answers;
    });
    if (results) setAlerts(results.flatMap((r) => r.alerts));
    assigned.reload();
  };
  return { assigned, users, choosing, setChoosing, alerts, save, choose, apply };
}

type Assignment = ReturnType<typeof useAssignment>;

function FederationDetail({ federation, onClose, onHelp, width = 80, ...props }: DetailProps) {
  const a = useAssignment(props, Number(federation.id));
  useInput(
    (input, key) => {
      if (key.escape) {
        if (a.choosing) a.setChoosing(false);
        else onClose();
      } else if (input === 'q') props.onQuit?.();
      else if (input === '?') onHelp();
      else if (input === 'a' && props.canAssign !== false && a.assigned.data && !a.choosing) a.choose();
    },
    // While the multi-select is up it has the keys; if the users failed to load, Esc still leaves.
    { isActive: !a.save.pending && !(a.choosing && a.users.data && a.assigned.data) },
  );
  return (
    <Box flexDirection="column">
      <FederationFields federation={federation} width={width} />
      <Box flexDirection="column" marginTop={1}>
        <Text bold>Assigned users</Text>
        {a.assigned.loading && <Spinner label="Loading the assigned users…" />}
        {a.assigned.error && <ErrorBox message={a.assigned.error} title="Could not load the assigned users" />}
        {a.assigned.data && !a.choosing && <AssignedUsers users={a.assigned.data} />}
        {a.choosing && <UserChooser assignment={a} width={width} />}
      </Box>
      {a.save.pending && <Spinner label="Saving the assignments…" />}
      {a.save.error && <ErrorBox message={a.save.error} title="The server refused the change" />}
      {a.alerts.map((alert, i) => (
        <Notice key={i} text={alert.text} level={alert.level} />
      ))}
    </Box>
  );
}

function FederationFields({ federation, width }: { federation: Federation; width: number }) {
  return (
    <Details
      width={width}
      rows={[
        ['ID', String(federation.id)],
        ['CNAME', federation.cname],
        ['TTL', federation.ttl === undefined || federation.ttl === null ? null : String(federation.ttl)],
        ['Description', federation.description],
        ['Delivery services', names(federation.deliveryServices)],
      ]}
    />
  );
}

function AssignedUsers({ users }: { users: FederationUser[] }) {
  return (
    <Box flexDirection="column">
      {users.length === 0 && <Text color={theme.muted}>No users are assigned.</Text>}
      {users.map((user) => (
        <Text key={String(user.id)}>
          {`  ${user.username}`}
          <Text color={theme.muted}>
            {[user.fullName, user.role]
              .filter(Boolean)
              .map((part) => ` · ${part}`)
              .join('')}
          </Text>
        </Text>
      ))}
    </Box>
  );
}

/** Every user, the assigned ones ticked: Space toggles, Enter saves. */
function UserChooser({ assignment: a, width }: { assignment: Assignment; width: number }) {
  const { users, assigned } = a;
  return (
    <>
      {users.loading && <Spinner label="Loading users…" />}
      {users.error && <ErrorBox message={users.error} title="Could not load users" />}
      {users.data && assigned.data && (
        <Box flexDirection="column">
          <Text color={theme.muted}>{CHOOSE_KEYS.map((k) => `${k.keys} ${k.does}`).join(' · ')}</Text>
          <MultiSelect
            items={users.data.map((user) => ({
              key: String(user.id),
              label: user.username,
              hint: [user.fullName, user.roleName ?? user.rolename].filter(Boolean).join(' · '),
            }))}
            initialSelected={assigned.data.map((user) => String(user.id))}
            width={width}
            onSubmit={(keys) => void a.apply(keys.map(Number))}
            onCancel={() => a.setChoosing(false)}
          />
        </Box>
      )}
    </>
  );
}
