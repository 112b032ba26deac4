import { ActivityScreen } from '../features/activity/activity-screen';
import { CreateCaseScreen } from '../features/cases/create-case-screen';
import { ClaimsScreen } from '../features/claims/claims-screen';
import { InboxScreen } from '../features/inbox/inbox-screen';
import { OfficeScreen } from '../features/office/office-screen';
import { PartnerScreen } from '../features/partners/partner-screen';
import { PolicyLookupScreen } from '../features/policies/policy-lookup-screen';
import { QueueScreen } from '../features/queue/queue-screen';
import { SettingsScreen } from '../features/settings/settings-screen';
import type { ScreenId } from './navigation';

export function ScreenOutlet(props: { screen: ScreenId }) {
  switch (props.screen) {
    case 'inbox':
      return <InboxScreen />;
    case 'queue':
      return <QueueScreen />;
    case 'lookup':
      return <PolicyLookupScreen />;
    case 'claims':
      return <ClaimsScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'cases':
      return <CreateCaseScreen />;
    case 'partners':
      return <PartnerScreen />;
    case 'activity':
      return <ActivityScreen />;
    case 'office':
      return <OfficeScreen />;
  }
}
