import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { useAppStore } from './app/store';
import { connectBridge } from './ipc/bridge';
import { IntakeClient, setIntakeClient } from './ipc/client';
import './styles/app.css';

const client = new IntakeClient(connectBridge());
setIntakeClient(client);

client.on('connection.changed', (connection) => useAppStore.getState().setConnection(connection));
client
  .call('app.info', {})
  .then((info) => useAppStore.getState().setInfo(info))
  .catch((e: unknown) => useAppStore.getState().setBridgeError(e instanceof Error ? e.message : String(e)));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
