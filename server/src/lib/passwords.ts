import { availableParallelism } from 'node:os';
import { concurrencyLimit } from './limit.ts';

// Loaded by the first password hash or check, not at start: a catalogue reader never needs it.
const argon2 = () => import('@node-rs/argon2');

// argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// Each hash or check holds 19 MiB and a core for its whole run, on libuv's thread pool (4 threads by
// default). More at once than there are cores finishes none sooner but holds more memory, and at
// most 3 leave a pool thread free for the file reads that share it.
const POOL_THREADS_FOR_HASHING = 3;
const hashing = concurrencyLimit(Math.min(availableParallelism(), POOL_THREADS_FOR_HASHING));

export const hashPassword = (password: string): Promise<string> =>
  hashing(async () => (await argon2()).hash(password, OPTIONS));

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return hashing(async () => {
    const { verify } = await argon2();
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check when the account does not exist (no e-mail enumeration by timing). */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
