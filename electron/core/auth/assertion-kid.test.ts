import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectionHarness } from '../platform/test-support/connection-harness';
import type { ConnectionHarness } from '../platform/test-support/connection-harness';
import { generateClientKeyPair } from './key-pair';

let h: ConnectionHarness;
let pair: Awaited<ReturnType<typeof generateClientKeyPair>>;

beforeAll(async () => {
  pair = await generateClientKeyPair('ES256');
  h = await startConnectionHarness({
    clients: [
      { clientId: 'intake-desk-demo', secret: 'sandbox-demo-secret', scopes: ['case_integration'] },
      { clientId: 'pem-client', publicKeyPem: pair.publicKeyPem, scopes: ['case_integration'] },
    ],
  });
});
afterAll(() => h.stop());

describe('Environment.assertionKid', () => {
  it.each([undefined, true, false] as const)(
    'assertionKid %s: the token request carries the expected kid',
    async (assertionKid) => {
      // A variable, not a literal: the reference may carry more fields than this version's CredentialRef.
      const ref = {
        environmentId: `kid-${String(assertionKid)}`,
        clientId: 'pem-client',
        tokenUrl: h.sandbox.tokenUrl,
      };
      await h.credentials.setPrivateKey(ref, pair.privateKeyPem);
      const assertions: string[] = [];
      const { tokens } = h.connect({
        environment: {
          id: ref.environmentId,
          clientId: ref.clientId,
          authMethod: 'private_key_jwt',
          scopes: ['case_integration'],
          ...(assertionKid === undefined ? {} : { assertionKid }),
        },
        fetch: async (url, init) => {
          const body = new URLSearchParams(String(init?.body ?? ''));
          const assertion = body.get('client_assertion');
          if (assertion) assertions.push(assertion);
          return fetch(url, init);
        },
      });
      await expect(tokens.getToken()).resolves.toBeTruthy();
      const kid = decodeProtectedHeader(assertions[0] ?? '').kid;
      if (assertionKid === false) expect(kid).toBeUndefined();
      else expect(kid).toBe(pair.publicKeyJwk.kid);
    },
  );
});
