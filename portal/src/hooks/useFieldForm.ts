import { useState, type FormEvent } from 'react';

/**
 * A form's values and each field's message, as OriginForm shows them: the shared rules' verdict once the field was
 * touched (or the form submitted), else the API's (`serverErrors`) until the field changes.
 */
export function useFieldForm<V extends object>(
  initial: () => V,
  validate: (values: V) => Partial<Record<string, string>>,
  serverErrors: Partial<Record<string, string>>,
  onSave: (values: V) => void,
) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [changed, setChanged] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values);
  const errorOf = (key: keyof V & string): string | undefined =>
    (submitted || touched.has(key) ? errors[key] : undefined) ?? (changed.has(key) ? undefined : serverErrors[key]);
  const setValue = <K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setTouched((t) => new Set(t).add(key));
    setChanged((c) => new Set(c).add(key));
  };
  /** An input's or select's onChange for a text field. */
  const set = (key: keyof V & string) => (event: { target: { value: string } }) =>
    setValue(key, event.target.value as V[typeof key]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setChanged(new Set());
    if (Object.values(errors).every((e) => !e)) onSave(values);
  };
  return { values, errorOf, set, setValue, submit };
}

export type FieldForm<V extends object> = ReturnType<typeof useFieldForm<V>>;
