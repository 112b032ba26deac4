// Worker bootstrap when running from source (vitest): registers tsx in this thread, then loads the
// TypeScript test worker.
import { register } from 'tsx/esm/api';

register();
await import('./echo-worker.ts');
