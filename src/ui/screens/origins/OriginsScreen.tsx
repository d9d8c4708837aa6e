import { useState } from 'react';
import { Box, useInput } from 'ink';
import type { DeliveryService, Origin, OriginBody, OriginFilters, Profile, WriteResult } from '../../types.js';
import { originChoices } from './origin-choices.js';
import { Screen } from '../../components/Screen.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { Notice } from '../../components/Status.js';
import { useRequest } from '../../hooks/use-request.js';
import { OriginsList } from './OriginsList.js';
import { OriginDetail } from './OriginDetail.js';
import { OriginForm } from './OriginForm.js';
import { OriginDelete } from './OriginDelete.js';
import { DeliveryServicePicker } from '../DeliveryServicePicker.js';

export interface OriginsScreenProps {
  listOrigins: (filters: OriginFilters) => Promise<Origin[]>;
  listDeliveryServices: () => Promise<DeliveryService[]>;
  createOrigin: (body: OriginBody) => Promise<Origin>;
  updateOrigin: (id: number, body: OriginBody) => Promise<Origin>;
  deleteOrigin: (id: number) => Promise<WriteResult>;
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
  /** For the form's pickers (profile, tenant); without them those fields take ids. */
  listProfiles?: () => Promise<Profile[]>;
  listTenants?: () => Promise<Array<{ id: number | string; name: string }>>;
  /** Whether the role may create, edit and delete origins (default true); without, those keys are not offered. */
  canWrite?: boolean;
}

type Mode =
  | { name: 'list' }
  | { name: 'detail'; origin: Origin }
  | { name: 'create' }
  | { name: 'edit'; origin: Origin }
  | { name: 'delete'; origin: Origin }
  | { name: 'pickDs' };

const LIST_KEYS = [
  { keys: '↑↓ j/k', does: 'move' },
  { keys: 'Enter', does: 'details' },
  { keys: 'n', does: 'new' },
  { keys: 'e', does: 'edit' },
  { keys: 'd', does: 'delete' },
  { keys: '/', does: 'filter by text' },
  { keys: 's', does: 'filter by delivery service' },
  { keys: 'p', does: 'primary: all / only / none' },
  { keys: 'c', does: 'clear filters' },
  { keys: 'r', does: 'reload' },
  { keys: 'Esc', does: 'back' },
  { keys: 'q', does: 'quit' },
];
const DETAIL_KEYS = [
  { keys: 'e', does: 'edit' },
  { keys: 'd', does: 'delete' },
  { keys: 'Esc', does: 'back to the list' },
];

const FORM_KEYS = [
  { keys: 'Enter', does: 'next field (save on the last)' },
  { keys: 'Tab ↑↓', does: 'move between fields' },
  { keys: 'Esc', does: 'cancel' },
];
const CONFIRM_KEYS = [
  { keys: 'Enter', does: 'delete, once the name is typed' },
  { keys: 'Esc', does: 'cancel' },
];
const PICK_KEYS = [
  { keys: '↑↓ j/k', does: 'move' },
  { keys: 'Enter', does: 'show its origins' },
  { keys: '/', does: 'filter' },
  { keys: 'Esc', does: 'cancel' },
];
const KEYS: Record<Mode['name'], { keys: string; does: string }[]> = {
  list: LIST_KEYS,
  detail: DETAIL_KEYS,
  create: FORM_KEYS,
  edit: FORM_KEYS,
  delete: CONFIRM_KEYS,
  pickDs: PICK_KEYS,
};

const WRITE_KEYS = new Set(['n', 'e', 'd']);
/** The bindings shown for a mode: without the right to write, no new / edit / delete. */
const keysFor = (mode: Mode['name'], canWrite: boolean) => (canWrite ? KEYS[mode] : KEYS[mode].filter((b) => !WRITE_KEYS.has(b.keys)));

const nextPrimary = (p: boolean | undefined) => (p === undefined ? true : p ? false : undefined);

/** Origins: a filtered table, a detail view, create and edit forms, and a typed-name delete; primaries are protected. */
export function OriginsScreen(props: OriginsScreenProps) {
  const { width = 80, canWrite = true } = props;
  const [filters, setFilters] = useState<OriginFilters>({});
  const [mode, setMode] = useState<Mode>({ name: 'list' });
  const [notice, setNotice] = useState<{ text: string; level: string } | null>(null);
  const [help, setHelp] = useState(false);
  const origins = useRequest(() => props.listOrigins(filters));
  const services = useRequest(props.listDeliveryServices);
  // The pickers' lists, fetched once a form opens.
  const formOpen = mode.name === 'create' || mode.name === 'edit';
  const choices = useRequest(async () => {
    if (!formOpen) return undefined;
    const [all, profiles, tenants] = await Promise.all([
      props.listOrigins({}),
      props.listProfiles?.() ?? Promise.resolve([]),
      props.listTenants?.() ?? Promise.resolve([]),
    ]);
    return originChoices(all, profiles, tenants);
  });
  const dsName = services.data?.find((ds) => Number(ds.id) === filters.deliveryservice)?.xmlId;

  const changeFilters = (next: OriginFilters) => {
    setFilters(next);
    setNotice(null);
    origins.reload();
  };
  const openForm = (next: Mode) => {
    setMode(next);
    choices.reload();
  };
  const askDelete = (origin: Origin) => {
    if (origin.isPrimary) {
      setNotice({ text: `${origin.name} is a primary origin: cannot delete a primary origin`, level: 'error' });
      return;
    }
    setMode({ name: 'delete', origin });
  };
  const act = (input: string, origin: Origin | undefined) => {
    if (!canWrite && WRITE_KEYS.has(input)) return;
    if (input === '?') setHelp((h) => !h);
    else if (input === 'q') props.onQuit?.();
    else if (input === 'n') openForm({ name: 'create' });
    else if (input === 'e' && origin) openForm({ name: 'edit', origin });
    else if (input === 'd' && origin) askDelete(origin);
    else if (input === 'r') origins.reload();
    else if (input === 'p') changeFilters({ ...filters, primary: nextPrimary(filters.primary) });
    else if (input === 's') setMode({ name: 'pickDs' });
    else if (input === 'c') changeFilters({});
  };
  const done = (text: string) => {
    setNotice({ text, level: 'success' });
    setMode({ name: 'list' });
    origins.reload();
  };

  useInput(
    (input, key) => {
      if (mode.name !== 'detail') return;
      if (key.escape) setMode({ name: 'list' });
      else if ('ed?q'.includes(input) && input !== '') act(input, mode.origin);
    },
    { isActive: mode.name === 'detail' },
  );

  const path = ['Origins'];
  if (mode.name === 'detail' || mode.name === 'edit' || mode.name === 'delete') path.push(mode.origin.name);
  if (mode.name === 'create') path.push('new');
  return (
    <Screen
      path={path}
      bindings={keysFor(mode.name, canWrite)}
      showHelp={help}
      width={width}
      helpKey={mode.name === 'list' || mode.name === 'detail'}
    >
      {notice && mode.name === 'list' && <Notice text={notice.text} level={notice.level} />}
      {/* The list stays mounted while a detail or form is open, so its cursor and filter survive. */}
      <Box flexDirection="column" display={mode.name === 'list' ? 'flex' : 'none'}>
        {origins.loading && <Spinner label="Loading origins…" />}
        {origins.error && <ErrorBox message={origins.error} title="Could not load origins" hint="r to try again" />}
        {(origins.data || !origins.loading) && (
          <OriginsList
            origins={origins.data ?? []}
            filters={filters}
            dsName={dsName}
            width={width}
            isActive={mode.name === 'list'}
            onOpen={(origin) => setMode({ name: 'detail', origin })}
            onBack={props.onBack}
            onKey={(input, _key, origin) => act(input, origin)}
          />
        )}
      </Box>
      {mode.name === 'detail' && <OriginDetail origin={mode.origin} width={width} />}
      {(mode.name === 'create' || mode.name === 'edit') &&
        (services.data ? (
          <OriginForm
            choices={choices.data}
            origin={mode.name === 'edit' ? mode.origin : undefined}
            services={services.data}
            save={(body) => (mode.name === 'edit' ? props.updateOrigin(mode.origin.id, body) : props.createOrigin(body))}
            onSaved={(saved) => done(mode.name === 'edit' ? `origin ${saved.name} was updated.` : `origin ${saved.name} was created.`)}
            onCancel={() => setMode({ name: 'list' })}
          />
        ) : services.error ? (
          <ErrorBox message={services.error} title="Could not load delivery services" />
        ) : (
          <Spinner label="Loading delivery services…" />
        ))}
      {mode.name === 'delete' && (
        <OriginDelete origin={mode.origin} deleteOrigin={props.deleteOrigin} onDeleted={done} onCancel={() => setMode({ name: 'list' })} />
      )}
      {mode.name === 'pickDs' && (
        <DeliveryServicePicker
          services={services}
          width={width}
          onSelect={(ds) => {
            setMode({ name: 'list' });
            changeFilters({ ...filters, deliveryservice: Number(ds.id) });
          }}
          onCancel={() => setMode({ name: 'list' })}
        />
      )}
    </Screen>
  );
}
