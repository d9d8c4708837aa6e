import {
  PLACE_FIELDS,
  toPlaceBody,
  validatePlaceForm,
  type PlaceFormValues,
  type PlaceKind,
} from '../../../../shared/rules/forms/topology.js';
import { createPlace, deletePlace, updatePlace } from '../../api/topology';
import { ConfirmByName } from '../../components/ConfirmByName';
import { Field } from '../../components/Field';
import { useFieldForm } from '../../hooks/useFieldForm';
import { FormActions } from './CdnSection';
import type { PlaceRow, TopologyWrites } from './modes';

export const PLACE_NAMES: Record<PlaceKind, string> = {
  division: 'division',
  region: 'region',
  physLocation: 'physical location',
};

const LABELS: Record<string, string> = {
  name: 'Name',
  shortName: 'Short name',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'Postal code',
  regionId: 'Region',
  division: 'Division',
  poc: 'Point of contact',
  phone: 'Phone',
  email: 'Email',
  comments: 'Comments',
};

export interface Places {
  division: PlaceRow[];
  region: PlaceRow[];
  physLocation: PlaceRow[];
}

/** The select's choices for a field that refers to another table. */
const REFERS: Record<string, PlaceKind> = { division: 'division', regionId: 'region' };

function PlaceForm({
  kind,
  record,
  places,
  writes,
}: {
  kind: PlaceKind;
  record: PlaceRow | null;
  places: Places;
  writes: TopologyWrites;
}) {
  const fields = PLACE_FIELDS[kind] as readonly string[];
  const initial = () =>
    Object.fromEntries(
      fields.map((f) => [f, record?.[f] === null || record?.[f] === undefined ? '' : String(record[f])]),
    );
  const save = (values: PlaceFormValues) => {
    const body = toPlaceBody(kind, values);
    void writes.write(() => (record ? updatePlace(kind, record.id, body) : createPlace(kind, body)), fields, {
      short_name: 'shortName',
    });
  };
  const form = useFieldForm<PlaceFormValues>(initial, (v) => validatePlaceForm(kind, v), writes.serverErrors, save);
  const what = PLACE_NAMES[kind];
  const title = record ? `Edit ${what} ${record.name}` : `New ${what}`;
  return (
    <form className="panel form-grid" onSubmit={form.submit} aria-label={title} noValidate>
      <h2 className="form-title">{title}</h2>
      {fields.map((f) => (
        <Field
          key={f}
          label={`${what[0].toUpperCase()}${what.slice(1)} ${LABELS[f].toLowerCase()}`}
          error={form.errorOf(f)}
        >
          {REFERS[f] ? (
            <select value={form.values[f]} onChange={form.set(f)} aria-required>
              <option value="">Choose…</option>
              {places[REFERS[f]].map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </select>
          ) : (
            <input value={form.values[f]} onChange={form.set(f)} autoComplete="off" />
          )}
        </Field>
      ))}
      <FormActions busy={writes.busy} saveLabel={record ? `Save ${what}` : `Create ${what}`} onCancel={writes.close} />
    </form>
  );
}

function PlaceList({
  kind,
  rows,
  canWrite,
  writes,
}: {
  kind: PlaceKind;
  rows: PlaceRow[];
  canWrite: boolean;
  writes: TopologyWrites;
}) {
  const what = PLACE_NAMES[kind];
  const detail = (r: PlaceRow) =>
    kind === 'region' ? String(r.divisionName ?? '') : kind === 'physLocation' ? String(r.region ?? '') : '';
  return (
    <div className="place-list">
      <div className="section-header">
        <h3>{`${what[0].toUpperCase()}${what.slice(1)}s`}</h3>
        {canWrite && writes.mode.kind === 'list' ? (
          <button type="button" onClick={() => writes.open({ kind: 'place', place: kind, record: null })}>
            {`Create ${what}`}
          </button>
        ) : null}
      </div>
      {rows.length === 0 ? <p className="muted">None yet.</p> : null}
      <ul className="plain-list" aria-label={`${what}s`}>
        {rows.map((r) => (
          <li key={r.id}>
            <span>{r.name}</span>
            {detail(r) ? <span className="muted">{` in ${detail(r)}`}</span> : null}
            {canWrite ? (
              <span className="cg-actions">
                <button
                  type="button"
                  className="link-button"
                  onClick={() => writes.open({ kind: 'place', place: kind, record: r })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => writes.open({ kind: 'deletePlace', place: kind, record: r })}
                >
                  Delete
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Divisions, regions and physical locations: where caches stand. */
export function PlacesSection({
  places,
  canWrite,
  writes,
}: {
  places: Places;
  canWrite: boolean;
  writes: TopologyWrites;
}) {
  const { mode } = writes;
  return (
    <section aria-label="Locations">
      <h2>Locations</h2>
      {mode.kind === 'place' ? (
        <PlaceForm
          key={`${mode.place}-${mode.record?.id ?? 'new'}`}
          kind={mode.place}
          record={mode.record}
          places={places}
          writes={writes}
        />
      ) : null}
      {mode.kind === 'deletePlace' ? (
        <ConfirmByName
          what={PLACE_NAMES[mode.place]}
          name={mode.record.name}
          busy={writes.busy}
          onConfirm={() => void writes.write(() => deletePlace(mode.place, mode.record.id))}
          onCancel={writes.close}
        />
      ) : null}
      <div className="place-lists">
        {(['division', 'region', 'physLocation'] as const).map((kind) => (
          <PlaceList key={kind} kind={kind} rows={places[kind]} canWrite={canWrite} writes={writes} />
        ))}
      </div>
    </section>
  );
}
