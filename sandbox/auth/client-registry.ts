import { X509Certificate, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { ScopeSchema, type Scope } from '../../shared/platform/token';
import type { SandboxClient } from '../sandbox-types';
import { hashSecret, secretMatches, type HashedSecret } from './secret-hash';

export interface RegisteredClient {
  clientId: string;
  secrets: HashedSecret[];
  publicKey?: KeyObject;
  scopes: Scope[];
}

export const SandboxClientSchema = z
  .object({
    clientId: z.string().min(1),
    secret: z.string().min(1).optional(),
    secrets: z.array(z.string().min(1)).optional(),
    publicKeyPem: z.string().min(1).optional(),
    scopes: z.array(ScopeSchema),
  })
  .refine((c) => c.secret !== undefined || (c.secrets?.length ?? 0) > 0 || c.publicKeyPem !== undefined, {
    message: 'a client needs a secret, secrets or a publicKeyPem',
  });
export const SandboxClientListSchema = z.array(SandboxClientSchema).min(1, 'at least one client');

/** Accepts an SPKI public key or an X.509 certificate (the "registered certificate" of the spec). */
export function publicKeyFromPem(pem: string): KeyObject {
  if (pem.includes('BEGIN CERTIFICATE')) return new X509Certificate(pem).publicKey;
  return createPublicKey(pem);
}

export class ClientRegistry {
  private readonly clients = new Map<string, RegisteredClient>();
  private readonly decoy = hashSecret('decoy');

  constructor(clients: SandboxClient[]) {
    for (const c of clients) {
      const plain = [...(c.secret !== undefined ? [c.secret] : []), ...(c.secrets ?? [])];
      this.clients.set(c.clientId, {
        clientId: c.clientId,
        secrets: plain.map(hashSecret),
        ...(c.publicKeyPem !== undefined ? { publicKey: publicKeyFromPem(c.publicKeyPem) } : {}),
        scopes: [...c.scopes],
      });
    }
  }

  get(clientId: string): RegisteredClient | undefined {
    return this.clients.get(clientId);
  }

  /** Checks every active secret; an unknown client still costs one hash so timing does not tell. */
  verifySecret(clientId: string, secret: string): RegisteredClient | undefined {
    const client = this.clients.get(clientId);
    if (!client || client.secrets.length === 0) {
      secretMatches(secret, this.decoy);
      return undefined;
    }
    let ok = false;
    for (const stored of client.secrets) ok = secretMatches(secret, stored) || ok;
    return ok ? client : undefined;
  }
}
