// Worker bootstrap when running from source (tsx, vitest): registers tsx in this thread, then loads the
// TypeScript worker. A bundled build points TextPool at its compiled worker file instead.
import { register } from 'tsx/esm/api';

register();
await import('./text-worker.ts');
