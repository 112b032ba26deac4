import './ipc/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { useAppStore } from './app/store';
import { StoreLocale } from './app/store-locale';
import { wireEvents } from './app/wire-events';
import { connectBridge } from './ipc/bridge';
import { IntakeClient, setIntakeClient } from './ipc/client';
import './styles/app.css';
import './styles/inbox.css';
import './styles/screens.css';
// Last: its dark overrides of app.css's base colours must come after them.
import './styles/palette.css';

const client = new IntakeClient(connectBridge());
setIntakeClient(client);
wireEvents(client, useAppStore);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StoreLocale>
        <App />
      </StoreLocale>
    </StrictMode>,
  );
}
