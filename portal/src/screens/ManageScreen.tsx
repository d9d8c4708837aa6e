import type { Abilities } from '../lib/privileges';
import type { Route } from '../lib/router';
import { DeliveryServicesScreen } from './DeliveryServicesScreen';
import { DsCreateScreen, DsEditScreen } from './DsFormScreen';
import { ParametersScreen } from './ParametersScreen';
import { TenantsScreen } from './TenantsScreen';

type ManageRoute = Extract<Route, { name: 'deliveryServices' | 'dsNew' | 'dsEdit' | 'tenants' | 'parameters' }>;

/**
 * The configuration screens of issue 31: the delivery services (with New for Operations), a delivery service's
 * form, the tenant tree, the parameters.
 */
export function ManageScreen({ route, abilities }: { route: ManageRoute; abilities: Abilities }) {
  const canWrite = abilities.manageOrigins;
  switch (route.name) {
    case 'deliveryServices':
      return (
        <DeliveryServicesScreen canPurge={abilities.purge} canManageKeys={abilities.manageKeys} canWrite={canWrite} />
      );
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
