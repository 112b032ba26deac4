import { z } from 'zod';

/** Which platform an environment is: the embedded sandbox, the vendor's sandbox, production, or another. */
export const ENVIRONMENT_KINDS = ['local-sandbox', 'sandbox', 'production', 'custom'] as const;
export const EnvironmentKindSchema = z.enum(ENVIRONMENT_KINDS);
export type EnvironmentKind = z.infer<typeof EnvironmentKindSchema>;
