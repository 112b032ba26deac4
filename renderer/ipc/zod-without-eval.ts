import { z } from 'zod';

// Zod compiles fast parsers with `new Function` after probing whether eval works; under our CSP (no
// 'unsafe-eval') that probe is refused and reported as a securitypolicyviolation. Import this first.
z.config({ jitless: true });
