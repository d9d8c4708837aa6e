// The modes of the origins screen and the key bindings each shows.
import type { Origin } from '../../types.js';

/** What the origins screen shows. */
export type Mode =
  | { name: 'list' }
  | { name: 'detail'; origin: Origin }
  | { name: 'create' }
  | { name: 'edit'; origin: Origin }
  | { name: 'delete'; origin: Origin }
  | { name: 'pickDs' };

type Bindings = { keys: string; does: string }[];

const LIST_KEYS: Bindings = [
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
const DETAIL_KEYS: Bindings = [
  { keys: 'e', does: 'edit' },
  { keys: 'd', does: 'delete' },
  { keys: 'Esc', does: 'back to the list' },
];

const FORM_KEYS: Bindings = [
  { keys: 'Enter', does: 'next field (save on the last)' },
  { keys: 'Tab ↑↓', does: 'move between fields' },
  { keys: 'Esc', does: 'cancel' },
];
const CONFIRM_KEYS: Bindings = [
  { keys: 'Enter', does: 'delete, once the name is typed' },
  { keys: 'Esc', does: 'cancel' },
];
const PICK_KEYS: Bindings = [
  { keys: '↑↓ j/k', does: 'move' },
  { keys: 'Enter', does: 'show its origins' },
  { keys: '/', does: 'filter' },
  { keys: 'Esc', does: 'cancel' },
];
const KEYS: Record<Mode['name'], Bindings> = {
  list: LIST_KEYS,
  detail: DETAIL_KEYS,
  create: FORM_KEYS,
  edit: FORM_KEYS,
  delete: CONFIRM_KEYS,
  pickDs: PICK_KEYS,
};

/** The keys that write: offered only to roles that may. */
export const WRITE_KEYS = new Set(['n', 'e', 'd']);

/** The bindings shown for a mode: without the right to write, no new / edit / delete. */
export const keysFor = (mode: Mode['name'], canWrite: boolean) =>
  canWrite ? KEYS[mode] : KEYS[mode].filter((b) => !WRITE_KEYS.has(b.keys));

/** The breadcrumb of a mode: `Origins › name` for one origin, `Origins › new` for the create form. */
export function screenPath(mode: Mode): string[] {
  if (mode.name === 'detail' || mode.name === 'edit' || mode.name === 'delete') return ['Origins', mode.origin.name];
  return mode.name === 'create' ? ['Origins', 'new'] : ['Origins'];
}
