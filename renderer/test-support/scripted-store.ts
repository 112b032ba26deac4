import { createAppStore } from '../app/store';
import { IntakeClient, setIntakeClient } from '../ipc/client';
import { ScriptedBridge } from './scripted-bridge';

export type TestStore = ReturnType<typeof createAppStore>;

/** A new ScriptedBridge installed as the app's IPC client, and a fresh store that talks through it. */
export function scriptedStore(): { bridge: ScriptedBridge; store: TestStore } {
  const bridge = new ScriptedBridge();
  setIntakeClient(new IntakeClient(bridge));
  return { bridge, store: createAppStore() };
}
