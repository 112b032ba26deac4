import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** A client secret as the platform stores it: never the secret itself (spec: "stored hashed"). */
export interface HashedSecret {
  salt: Buffer;
  hash: Buffer;
}

// Low-cost scrypt parameters: the sandbox hashes on every token request and runs on a 2-core box.
const SCRYPT = { N: 4096, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export function hashSecret(secret: string): HashedSecret {
  const salt = randomBytes(16);
  return { salt, hash: scryptSync(secret, salt, KEY_LENGTH, SCRYPT) };
}

export function secretMatches(candidate: string, stored: HashedSecret): boolean {
  const hash = scryptSync(candidate, stored.salt, KEY_LENGTH, SCRYPT);
  return timingSafeEqual(hash, stored.hash);
}
