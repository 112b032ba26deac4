// Run in a child process by keytar-secret-store.test.ts with DBUS_SESSION_BUS_ADDRESS pointing nowhere:
// prints what the app would show and whether storing a secret was refused.
import { IntakeError } from '../../errors';
import { silentLogger } from '../../util/logger';
import { CredentialStore } from '../credential-store';
import { KeytarSecretStore } from '../keytar-secret-store';

const store = new KeytarSecretStore();
const credentials = new CredentialStore(store, silentLogger);
const availability = await store.isAvailable();
let refused: { kind: string; code: string; message: string } | undefined;
try {
  await credentials.setClientSecret(
    { environmentId: 'probe', clientId: 'probe-client', tokenUrl: 'https://login.example.com' },
    'plain-text-must-not-happen',
  );
} catch (e) {
  if (e instanceof IntakeError) refused = { kind: e.kind, code: e.code, message: e.message };
}
const status = await credentials.status({
  environmentId: 'probe',
  clientId: 'probe-client',
  tokenUrl: 'https://login.example.com',
});
process.stdout.write(JSON.stringify({ availability, refused, status }));
