import type { Route } from '../lib/router';
import { DsCreateScreen, DsEditScreen } from './DsFormScreen';
import { ParametersScreen } from './ParametersScreen';
import { TenantsScreen } from './TenantsScreen';

type ManageRoute = Extract<Route, { name: 'dsNew' | 'dsEdit' | 'tenants' | 'parameters' }>;

/** The configuration screens of issue 31: a delivery service's form, the tenant tree, the parameters. */
export function ManageScreen({ route, canWrite }: { route: ManageRoute; canWrite: boolean }) {
  switch (route.name) {
    case 'dsNew':
      return <DsCreateScreen />;
    case 'dsEdit':
      return <DsEditScreen dsKey={route.key} />;
    case 'tenants':
      return <TenantsScreen canWrite={canWrite} />;
    case 'parameters':
      return <ParametersScreen canWrite={canWrite} />;
  }
}
