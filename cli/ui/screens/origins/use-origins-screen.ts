// The state of the origins screen: filters, mode and notice, the requests, and what each key does.
import { useState } from 'react';
import type { Origin, OriginFilters } from '../../types.js';
import { useRequest } from '../../hooks/use-request.js';
import { originChoices } from './origin-choices.js';
import { WRITE_KEYS, type Mode } from './origins-keys.js';
import type { OriginsScreenProps } from './OriginsScreen.js';

const nextPrimary = (p: boolean | undefined) => (p === undefined ? true : p ? false : undefined);

/** The pickers' lists (all origins, profiles, tenants), fetched once a form opens. */
function useFormChoices(props: OriginsScreenProps, mode: Mode) {
  const formOpen = mode.name === 'create' || mode.name === 'edit';
  return useRequest(async () => {
    if (!formOpen) return undefined;
    const [all, profiles, tenants] = await Promise.all([
      props.listOrigins({}),
      props.listProfiles?.() ?? Promise.resolve([]),
      props.listTenants?.() ?? Promise.resolve([]),
    ]);
    return originChoices(all, profiles, tenants);
  });
}

/** Everything the origins screen keeps and does; the component only draws it. */
export function useOriginsScreen(props: OriginsScreenProps) {
  const { canWrite = true } = props;
  const [filters, setFilters] = useState<OriginFilters>({});
  const [mode, setMode] = useState<Mode>({ name: 'list' });
  const [notice, setNotice] = useState<{ text: string; level: string } | null>(null);
  const [help, setHelp] = useState(false);
  const origins = useRequest(() => props.listOrigins(filters));
  const services = useRequest(props.listDeliveryServices);
  const choices = useFormChoices(props, mode);

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
    if (origin.isPrimary)
      setNotice({
        text:
          `${origin.name} is a primary origin: cannot delete a primary origin. It is made from ` +
          `${origin.deliveryService ?? 'its delivery service'}'s origin URL: change that URL, or delete the delivery service.`,
        level: 'error',
      });
    else setMode({ name: 'delete', origin });
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
  return { filters, mode, setMode, notice, help, origins, services, choices, changeFilters, act, done };
}
