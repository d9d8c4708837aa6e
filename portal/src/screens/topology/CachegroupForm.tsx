import { LOCALIZATION_METHODS } from '../../../../shared/rules/topology/cachegroups.js';
import {
  CACHEGROUP_ALIASES,
  CACHEGROUP_FORM_FIELDS,
  cachegroupToForm,
  emptyCachegroupForm,
  toCachegroupBody,
  validateCachegroupForm,
  type CachegroupFormValues,
} from '../../../../shared/rules/forms/topology.js';
import { createCachegroup, updateCachegroup, type CachegroupRecord, type TypeRecord } from '../../api/topology';
import { Field } from '../../components/Field';
import { useFieldForm, type FieldForm } from '../../hooks/useFieldForm';
import { FormActions } from './CdnSection';
import type { TopologyWrites } from './modes';

type Form = FieldForm<CachegroupFormValues>;

interface Props {
  group: CachegroupRecord | null;
  groups: CachegroupRecord[];
  types: TypeRecord[];
  writes: TopologyWrites;
}

/**
 * Create or edit one cache group: names, type, parents, coordinates, fallbacks and localization methods, each
 * checked with the API's own rules as it changes (a parent that would make the group its own ancestor says so
 * under the parent field); the API's refusals land under the field they name.
 */
export function CachegroupForm({ group, groups, types, writes }: Props) {
  const typeName = (values: CachegroupFormValues) => types.find((t) => String(t.id) === values.typeId)?.name ?? '';
  const save = (values: CachegroupFormValues) =>
    void writes.write(
      () => (group ? updateCachegroup(group.id, toCachegroupBody(values)) : createCachegroup(toCachegroupBody(values))),
      CACHEGROUP_FORM_FIELDS,
      { ...CACHEGROUP_ALIASES, short_name: 'shortName' },
    );
  const form = useFieldForm<CachegroupFormValues>(
    () => (group ? cachegroupToForm(group) : emptyCachegroupForm()),
    (values) => validateCachegroupForm(values, group?.id ?? null, groups, typeName(values)),
    writes.serverErrors,
    save,
  );
  const title = group ? `Edit cache group ${group.name}` : 'New cache group';
  const others = groups.filter((g) => g.id !== group?.id);
  return (
    <form className="panel form-grid" onSubmit={form.submit} aria-label={title} noValidate>
      <h2 className="form-title">{title}</h2>
      <Field label="Cache group name" error={form.errorOf('name')}>
        <input value={form.values.name} onChange={form.set('name')} aria-required autoComplete="off" />
      </Field>
      <Field label="Short name" error={form.errorOf('shortName')}>
        <input value={form.values.shortName} onChange={form.set('shortName')} aria-required autoComplete="off" />
      </Field>
      <Field
        label="Type"
        hint="MID_LOC: the parent tier; EDGE_LOC: caches clients reach"
        error={form.errorOf('typeId')}
      >
        <select value={form.values.typeId} onChange={form.set('typeId')} aria-required>
          <option value="">Choose a type…</option>
          {types.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
      <ParentFields form={form} others={others} />
      <CoordinateFields form={form} />
      <FallbackFields form={form} others={others} edge={typeName(form.values) === 'EDGE_LOC'} />
      <FormActions
        busy={writes.busy}
        saveLabel={group ? 'Save cache group' : 'Create cache group'}
        onCancel={writes.close}
      />
    </form>
  );
}

function GroupSelect({
  form,
  field,
  label,
  others,
}: {
  form: Form;
  field: 'parentCachegroupId' | 'secondaryParentCachegroupId';
  label: string;
  others: CachegroupRecord[];
}) {
  return (
    <Field label={label} error={form.errorOf(field)}>
      <select value={form.values[field]} onChange={form.set(field)}>
        <option value="">None</option>
        {others.map((g) => (
          <option key={g.id} value={String(g.id)}>
            {`${g.name} (${g.typeName})`}
          </option>
        ))}
      </select>
    </Field>
  );
}

function ParentFields({ form, others }: { form: Form; others: CachegroupRecord[] }) {
  return (
    <>
      <GroupSelect form={form} field="parentCachegroupId" label="Parent cache group" others={others} />
      <GroupSelect form={form} field="secondaryParentCachegroupId" label="Secondary parent" others={others} />
    </>
  );
}

function CoordinateFields({ form }: { form: Form }) {
  return (
    <>
      <Field label="Latitude" error={form.errorOf('latitude')}>
        <input inputMode="decimal" value={form.values.latitude} onChange={form.set('latitude')} placeholder="0" />
      </Field>
      <Field label="Longitude" error={form.errorOf('longitude')}>
        <input inputMode="decimal" value={form.values.longitude} onChange={form.set('longitude')} placeholder="0" />
      </Field>
    </>
  );
}

/** Fallbacks (EDGE_LOC groups, in the order chosen), fallback to closest, and the localization methods. */
function FallbackFields({ form, others, edge }: { form: Form; others: CachegroupRecord[]; edge: boolean }) {
  const { values, setValue, errorOf } = form;
  const edges = others.filter((g) => g.typeName === 'EDGE_LOC' || values.fallbacks.includes(g.name));
  const toggle = (list: string[], item: string, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));
  const showFallbacks = edge || values.fallbacks.length > 0;
  return (
    <>
      {showFallbacks ? (
        <Field label="Fallbacks" hint="EDGE_LOC groups tried when this one cannot serve" error={errorOf('fallbacks')}>
          <select
            multiple
            value={values.fallbacks}
            onChange={(e) =>
              setValue(
                'fallbacks',
                [...e.target.selectedOptions].map((o) => o.value),
              )
            }
          >
            {edges.map((g) => (
              <option key={g.id} value={g.name}>
                {g.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.fallbackToClosest}
          onChange={(e) => setValue('fallbackToClosest', e.target.checked)}
        />
        Fall back to the closest group
      </label>
      <fieldset className={errorOf('localizationMethods') ? 'field field-invalid' : 'field'}>
        <legend className="field-label">Localization methods</legend>
        {LOCALIZATION_METHODS.map((m) => (
          <label key={m} className="checkbox">
            <input
              type="checkbox"
              checked={values.localizationMethods.includes(m)}
              onChange={(e) => setValue('localizationMethods', toggle(values.localizationMethods, m, e.target.checked))}
            />
            {m}
          </label>
        ))}
        {errorOf('localizationMethods') ? (
          <span className="field-hint">
            <span className="field-error">{errorOf('localizationMethods')}</span>
          </span>
        ) : null}
      </fieldset>
    </>
  );
}
