import { useState } from 'react';
import { updateCurrentUser } from '../api/endpoints';
import type { Alert, CurrentUser } from '../api/types';
import { AlertList } from '../components/AlertList';
import { PageHeader } from '../components/PageHeader';
import { alertsOf } from '../lib/alerts';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

/** The signed-in user's own record (PUT user/current): details, and a password change. */
export function MyProfileScreen({ me, onSaved }: { me: CurrentUser; onSaved: (alerts: Alert[]) => void }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [busy, setBusy] = useState(false);
  const save = async (user: Record<string, unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await updateCurrentUser(user);
      onSaved(result.alerts);
      return true;
    } catch (error) {
      setAlerts(alertsOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <section>
      <PageHeader title="My profile" />
      <p className="muted">
        {me.roleName}
        {me.tenant ? ` · tenant ${me.tenant}` : ''}
      </p>
      <AlertList alerts={alerts} />
      <div className="columns">
        <ProfileForm me={me} busy={busy} onSave={save} />
        <PasswordForm busy={busy} username={me.username} onSave={save} />
      </div>
    </section>
  );
}
