import { ClaimsScreen } from '../features/claims/claims-screen';
import { InboxScreen } from '../features/inbox/inbox-screen';
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
  }
}
