import { Box, useInput } from 'ink';
import type { DeliveryService, Origin, OriginBody, OriginFilters, Profile, WriteResult } from '../../types.js';
import { Screen } from '../../components/Screen.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { Notice } from '../../components/Status.js';
import type { RequestState } from '../../hooks/use-request.js';
import { OriginsList } from './OriginsList.js';
import { OriginDetail } from './OriginDetail.js';
import { OriginForm } from './OriginForm.js';
import { OriginDelete } from './OriginDelete.js';
import { DeliveryServicePicker } from '../DeliveryServicePicker.js';
import { keysFor, screenPath, type Mode } from './origins-keys.js';
import { useOriginsScreen } from './use-origins-screen.js';
import type { OriginChoices } from './OriginForm.js';

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

/** Origins: a filtered table, a detail view, create and edit forms, and a typed-name delete; primaries are protected. */
export function OriginsScreen(props: OriginsScreenProps) {
  const { width = 80, canWrite = true } = props;
  const state = useOriginsScreen(props);
  const { mode, setMode, notice, services, filters } = state;
  useDetailKeys(mode, () => setMode({ name: 'list' }), state.act);
  const toList = () => setMode({ name: 'list' });
  return (
    <Screen
      path={screenPath(mode)}
      bindings={keysFor(mode.name, canWrite)}
      showHelp={state.help}
      width={width}
      helpKey={mode.name === 'list' || mode.name === 'detail'}
    >
      {notice && (mode.name === 'list' || mode.name === 'detail') && <Notice text={notice.text} level={notice.level} />}
      <ListPane {...props} width={width} state={state} />
      {mode.name === 'detail' && <OriginDetail origin={mode.origin} width={width} />}
      {(mode.name === 'create' || mode.name === 'edit') && (
        <FormPane
          props={props}
          mode={mode}
          services={services}
          choices={state.choices.data}
          onDone={state.done}
          onCancel={toList}
        />
      )}
      {mode.name === 'delete' && (
        <OriginDelete origin={mode.origin} deleteOrigin={props.deleteOrigin} onDeleted={state.done} onCancel={toList} />
      )}
      {mode.name === 'pickDs' && (
        <DeliveryServicePicker
          services={services}
          width={width}
          onSelect={(ds) => {
            toList();
            state.changeFilters({ ...filters, deliveryservice: Number(ds.id) });
          }}
          onCancel={toList}
        />
      )}
    </Screen>
  );
}

/** The detail view's keys: Esc back to the list; e, d, ? and q as on the list. */
function useDetailKeys(mode: Mode, back: () => void, act: (input: string, origin: Origin | undefined) => void) {
  useInput(
    (input, key) => {
      if (mode.name !== 'detail') return;
      if (key.escape) back();
      else if ('ed?q'.includes(input) && input !== '') act(input, mode.origin);
    },
    { isActive: mode.name === 'detail' },
  );
}

/** The list, which stays mounted while a detail or form is open, so its cursor and filter survive. */
function ListPane(props: OriginsScreenProps & { width: number; state: ReturnType<typeof useOriginsScreen> }) {
  const { state, width } = props;
  const { origins, filters, mode } = state;
  const dsName = state.services.data?.find((ds) => Number(ds.id) === filters.deliveryservice)?.xmlId;
  return (
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
          onOpen={(origin) => state.setMode({ name: 'detail', origin })}
          onBack={props.onBack}
          onKey={(input, _key, origin) => state.act(input, origin)}
        />
      )}
    </Box>
  );
}

interface FormPaneProps {
  props: OriginsScreenProps;
  mode: Extract<Mode, { name: 'create' | 'edit' }>;
  services: RequestState<DeliveryService[]>;
  choices: OriginChoices | undefined;
  onDone: (text: string) => void;
  onCancel: () => void;
}

/** The create or edit form, once the delivery services it offers are loaded. */
function FormPane({ props, mode, services, choices, onDone, onCancel }: FormPaneProps) {
  if (services.error && !services.data)
    return <ErrorBox message={services.error} title="Could not load delivery services" />;
  if (!services.data) return <Spinner label="Loading delivery services…" />;
  const editing = mode.name === 'edit' ? mode.origin : undefined;
  return (
    <OriginForm
      choices={choices}
      origin={editing}
      services={services.data}
      save={(body) => (editing ? props.updateOrigin(editing.id, body) : props.createOrigin(body))}
      onSaved={(saved) => onDone(editing ? `origin ${saved.name} was updated.` : `origin ${saved.name} was created.`)}
      onCancel={onCancel}
    />
  );
}
