import { deleteFederation, listCdns, updateFederation } from '../api/manage';
import type { Federation } from '../api/types';
import { AlertList } from '../components/AlertList';
import { ConfirmByName } from '../components/ConfirmByName';
import { useNavigate } from '../hooks/navigation';
import { useResource } from '../hooks/useResource';
import { useFormWrites } from '../hooks/useFormWrites';
import { FederationForm } from './FederationForm';

type Mode = { kind: 'view' } | { kind: 'edit' } | { kind: 'delete' };

/** An admin's edit (CNAME, TTL, description) and delete (its CNAME typed) of one federation. */
export function FederationAdmin({ federation, onSaved }: { federation: Federation; onSaved: () => void }) {
  const cdns = useResource(listCdns);
  const navigate = useNavigate();
  const w = useFormWrites<Mode, 'cname' | 'ttl' | 'description'>(
    { kind: 'view' },
    ['cname', 'ttl', 'description'],
    onSaved,
  );
  const cdn = federation.cdnName ?? '';
  const remove = async () => {
    await w.write(async () => {
      const result = await deleteFederation(cdn, federation.id);
      navigate('/federations');
      return result;
    });
  };
  return (
    <>
      <AlertList alerts={w.alerts} />
      {w.mode.kind === 'view' ? (
        <div className="actions federation-actions">
          <button type="button" className="secondary" onClick={() => w.open({ kind: 'edit' })}>
            Edit federation
          </button>
          <button type="button" className="danger" onClick={() => w.open({ kind: 'delete' })}>
            Delete federation
          </button>
        </div>
      ) : null}
      {w.mode.kind === 'edit' ? (
        <FederationForm
          federation={federation}
          cdns={cdns.data ?? []}
          busy={w.busy}
          serverErrors={w.serverErrors}
          onSave={(_, body) => void w.write(() => updateFederation(cdn, federation.id, body))}
          onCancel={() => w.open({ kind: 'view' })}
        />
      ) : null}
      {w.mode.kind === 'delete' ? (
        <ConfirmByName
          what="federation"
          name={federation.cname}
          busy={w.busy}
          onConfirm={() => void remove()}
          onCancel={() => w.open({ kind: 'view' })}
        />
      ) : null}
    </>
  );
}
