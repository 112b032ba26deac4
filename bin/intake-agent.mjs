#!/usr/bin/env node
// Runs the headless agent (electron/cli/agent.ts) through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
await import('../electron/cli/agent.ts');
