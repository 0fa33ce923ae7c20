import type { ComponentType } from 'react';

/** SPEC §1: a chunk load gives up after 120 s. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A screen's code could not be downloaded (offline, deploy replaced the file, timeout). */
export class ChunkLoadError extends Error {
  constructor(readonly chunk: string) {
    super(`Loading chunk ${chunk} failed.`);
    this.name = 'ChunkLoadError';
  }
}

/**
 * A screen's `load` (lib/router.tsx) for a module with a default export. Failures (and the 120 s
 * timeout) become a ChunkLoadError that the route error page shows with a Retry button.
 */
export function lazyScreen(chunk: string, load: () => Promise<{ default: ComponentType }>) {
  return async (): Promise<ComponentType> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(chunk)), CHUNK_TIMEOUT_MS);
    });
    try {
      const mod = await Promise.race([load(), timeout]);
      return mod.default;
    } catch (err) {
      if (err instanceof ChunkLoadError) throw err;
      console.error(err);
      throw new ChunkLoadError(chunk);
    } finally {
      clearTimeout(timer);
    }
  };
}
