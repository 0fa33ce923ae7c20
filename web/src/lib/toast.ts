import { useSyncExternalStore } from 'react';
import { tr } from './i18n.tsx';

/**
 * The one import for toasts (SPEC §8 kinds: success, info, warn, error). react-toastify is loaded
 * on first use or when the browser is idle, which keeps it out of the landing page's initial
 * JavaScript; a toast raised before then waits for the container to mount.
 */
type Toastify = typeof import('react-toastify');
type Kind = 'success' | 'info' | 'warn' | 'error';

let library: Promise<Toastify> | undefined;
let wanted = false;
let containerMounted: () => void = () => {};
const containerReady = new Promise<void>((resolve) => {
  containerMounted = resolve;
});
const listeners = new Set<() => void>();

export function loadToastify(): Promise<Toastify> {
  library ??= import('react-toastify');
  return library;
}

/** Asks the layout to mount the toast container (idempotent). */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}

/** Whether the toast container should be mounted yet. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => wanted,
  );
}

/** Called by the container once it is on screen. */
export function markToastContainerMounted(): void {
  containerMounted();
}

function show(kind: Kind, message: string): void {
  wantToasts();
  Promise.all([loadToastify(), containerReady])
    // Shown in the shopper's language: English ids of the catalogue are translated as they render.
    .then(([t]) => t.toast[kind](tr(message)))
    .catch((err) => console.error('toast failed', err, message));
}

export const toast = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  warn: (message: string) => show('warn', message),
  error: (message: string) => show('error', message),
};
