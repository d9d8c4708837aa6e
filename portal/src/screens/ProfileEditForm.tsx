import { useState, type FormEvent } from 'react';
import { PROFILE_TYPES, profileProblems } from '../../../shared/rules/profiles.js';
import type { CdnRecord, ProfileInput, ProfileRecord } from '../api/manage';
import { Field } from '../components/Field';

type Key = 'name' | 'description' | 'cdn' | 'type';
export type ProfileFormErrors = Partial<Record<Key, string>>;
export const PROFILE_FIELDS: readonly Key[] = ['name', 'description', 'cdn', 'type'];

interface Values {
  name: string;
  description: string;
  cdn: string;
  type: string;
  routingDisabled: boolean;
}

/** The body of POST profiles / PUT profiles/:id from the form's text. */
export function profileBody(v: Values): ProfileInput {
  return {
    name: v.name.trim(),
    description: v.description,
    cdn: v.cdn === '' ? 0 : Number(v.cdn),
    type: v.type,
    routingDisabled: v.routingDisabled,
  };
}

/** The shared rules' problems (`'<field>' cannot be blank`) by field. */
export function profileErrors(v: Values): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  for (const problem of profileProblems(profileBody(v))) {
    const m = /^'(\w+)' (.+)$/.exec(problem);
    if (m && (PROFILE_FIELDS as readonly string[]).includes(m[1])) errors[m[1] as Key] ??= m[2];
  }
  return errors;
}

interface ProfileEditFormProps {
  profile: ProfileRecord | null;
  cdns: CdnRecord[];
  busy: boolean;
  serverErrors: ProfileFormErrors;
  onSave: (body: ProfileInput) => void;
  onCancel: () => void;
}

/** Create or edit a profile: name, description, CDN, type and whether routing is disabled. */
export function ProfileEditForm({ profile, cdns, busy, serverErrors, onSave, onCancel }: ProfileEditFormProps) {
  const [v, setV] = useState<Values>({
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    cdn: profile ? String(profile.cdn) : '',
    type: profile?.type ?? 'ATS_PROFILE',
    routingDisabled: profile?.routingDisabled ?? false,
  });
  const [touched, setTouched] = useState<Set<Key>>(new Set());
  const errors = profileErrors(v);
  const errorOf = (k: Key) => (touched.has(k) ? errors[k] : undefined) ?? serverErrors[k];
  const set = (k: Key) => (e: { target: { value: string } }) => {
    setV((old) => ({ ...old, [k]: e.target.value }));
    setTouched((t) => new Set(t).add(k));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(PROFILE_FIELDS));
    if (Object.keys(errors).length === 0) onSave(profileBody(v));
  };
  const title = profile ? `Edit profile ${profile.name}` : 'New profile';
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label={title} noValidate>
      <h2 className="form-title">{title}</h2>
      <Field label="Profile name" error={errorOf('name')}>
        <input value={v.name} onChange={set('name')} aria-required autoComplete="off" />
      </Field>
      <Field label="Description" error={errorOf('description')}>
        <input value={v.description} onChange={set('description')} aria-required autoComplete="off" />
      </Field>
      <ProfileKindFields cdns={cdns} cdn={v.cdn} type={v.type} errorOf={errorOf} set={set} />
      <label className="check">
        <input
          type="checkbox"
          checked={v.routingDisabled}
          onChange={(e) => setV((old) => ({ ...old, routingDisabled: e.target.checked }))}
        />
        Routing disabled
      </label>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {profile ? 'Save profile' : 'Create profile'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Where the profile applies: its CDN and its type (Traffic Ops' profile_type enum). */
function ProfileKindFields({
  cdns,
  cdn,
  type,
  errorOf,
  set,
}: {
  cdns: CdnRecord[];
  cdn: string;
  type: string;
  errorOf: (k: Key) => string | undefined;
  set: (k: Key) => (e: { target: { value: string } }) => void;
}) {
  return (
    <>
      <Field label="CDN" error={errorOf('cdn')}>
        <select value={cdn} onChange={set('cdn')}>
          <option value="">Choose a CDN…</option>
          {cdns.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Profile type" error={errorOf('type')}>
        <select value={type} onChange={set('type')}>
          {PROFILE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
