import { useState } from 'react';
import {
  CDN_FORM_FIELDS,
  toCdnBody,
  validateCdnForm,
  type CdnFormValues,
} from '../../../../shared/rules/forms/topology.js';
import { createCdn, deleteCdn, updateCdn, type CdnRecord } from '../../api/topology';
import { ConfirmByName } from '../../components/ConfirmByName';
import { Field } from '../../components/Field';
import { DataGrid } from '../../grid/DataGrid';
import type { GridColumn } from '../../grid/model';
import { useFieldForm } from '../../hooks/useFieldForm';
import type { TopologyWrites } from './modes';
import { SnapshotPanel } from './SnapshotPanel';

const COLUMNS: GridColumn<CdnRecord>[] = [
  { id: 'name', header: 'Name', value: (c) => c.name },
  { id: 'domain', header: 'Domain', className: 'mono', value: (c) => c.domainName },
  { id: 'dnssec', header: 'DNSSEC', value: (c) => (c.dnssecEnabled ? 'on' : 'off') },
];

/** Create or edit one CDN: its name, domain and DNSSEC, each field checked with the API's rules as typed. */
function CdnForm({ cdn, writes }: { cdn: CdnRecord | null; writes: TopologyWrites }) {
  const save = (values: CdnFormValues) =>
    void writes.write(
      () => (cdn ? updateCdn(cdn.id, toCdnBody(values)) : createCdn(toCdnBody(values))),
      CDN_FORM_FIELDS,
      { domain_name: 'domainName' },
    );
  const form = useFieldForm<CdnFormValues>(
    () => ({ name: cdn?.name ?? '', domainName: cdn?.domainName ?? '', dnssecEnabled: cdn?.dnssecEnabled ?? false }),
    validateCdnForm,
    writes.serverErrors,
    save,
  );
  const title = cdn ? `Edit CDN ${cdn.name}` : 'New CDN';
  return (
    <form className="panel form-grid" onSubmit={form.submit} aria-label={title} noValidate>
      <h2 className="form-title">{title}</h2>
      <Field label="CDN name" error={form.errorOf('name')}>
        <input value={form.values.name} onChange={form.set('name')} aria-required autoComplete="off" />
      </Field>
      <Field label="Domain name" error={form.errorOf('domainName')}>
        <input
          className="mono"
          value={form.values.domainName}
          onChange={form.set('domainName')}
          placeholder="cdn.example.com"
          aria-required
          autoComplete="off"
        />
      </Field>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.values.dnssecEnabled}
          onChange={(e) => form.setValue('dnssecEnabled', e.target.checked)}
        />
        DNSSEC enabled
      </label>
      <FormActions busy={writes.busy} saveLabel={cdn ? 'Save CDN' : 'Create CDN'} onCancel={writes.close} />
    </form>
  );
}

export function FormActions({ busy, saveLabel, onCancel }: { busy: boolean; saveLabel: string; onCancel: () => void }) {
  return (
    <div className="actions">
      <button type="submit" disabled={busy}>
        {saveLabel}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** A CDN's row actions: its snapshot for everyone; edit and delete for operations. */
function CdnActions({
  cdn,
  canWrite,
  writes,
  onSnapshot,
}: {
  cdn: CdnRecord;
  canWrite: boolean;
  writes: TopologyWrites;
  onSnapshot: (name: string) => void;
}) {
  return (
    <>
      <button type="button" className="secondary" onClick={() => onSnapshot(cdn.name)}>
        Snapshot
      </button>
      {canWrite ? (
        <>
          <button type="button" onClick={() => writes.open({ kind: 'cdn', cdn })}>
            Edit
          </button>
          <button type="button" className="secondary" onClick={() => writes.open({ kind: 'deleteCdn', cdn })}>
            Delete
          </button>
        </>
      ) : null}
    </>
  );
}

/**
 * The CDNs: a grid, each CDN's snapshot (the diff of pending against published, and a publish), and (for
 * operations) create, edit and a delete that asks for the CDN's name.
 */
export function CdnSection({
  cdns,
  canWrite,
  writes,
}: {
  cdns: CdnRecord[];
  canWrite: boolean;
  writes: TopologyWrites;
}) {
  const { mode } = writes;
  const [snapshotOf, setSnapshotOf] = useState<string | null>(null);
  return (
    <section aria-label="CDNs">
      <div className="section-header">
        <h2>CDNs</h2>
        {canWrite && mode.kind === 'list' ? (
          <button type="button" onClick={() => writes.open({ kind: 'cdn', cdn: null })}>
            Create CDN
          </button>
        ) : null}
      </div>
      {mode.kind === 'cdn' ? <CdnForm key={mode.cdn?.id ?? 'new'} cdn={mode.cdn} writes={writes} /> : null}
      {mode.kind === 'deleteCdn' ? (
        <ConfirmByName
          what="CDN"
          name={mode.cdn.name}
          busy={writes.busy}
          onConfirm={() => void writes.write(() => deleteCdn(mode.cdn.id))}
          onCancel={writes.close}
        />
      ) : null}
      {snapshotOf ? (
        <SnapshotPanel key={snapshotOf} cdn={snapshotOf} canWrite={canWrite} onClose={() => setSnapshotOf(null)} />
      ) : null}
      <DataGrid
        label="CDNs"
        rows={cdns}
        rowKey={(c) => c.id}
        columns={COLUMNS}
        urlPrefix="cdns"
        actions={(c) => <CdnActions cdn={c} canWrite={canWrite} writes={writes} onSnapshot={setSnapshotOf} />}
      />
    </section>
  );
}
