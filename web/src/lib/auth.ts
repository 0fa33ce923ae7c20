import { useSyncExternalStore } from 'react';
import { STORAGE, store } from './storage.ts';

/** Who is using the shop (SPEC §4 "Session"). */
export type Role = 'user' | 'seller' | 'admin';
export type SessionRole = Role | 'visitor';

export interface Session {
  role: SessionRole;
  /** Full name of whoever is logged in; empty for visitors. */
  name: string;
}

const KEYS: Record<Role, { token: string; name: string }> = {
  user: { token: STORAGE.userToken, name: STORAGE.userFullName },
  seller: { token: STORAGE.sellerToken, name: STORAGE.sellerFullName },
  admin: { token: STORAGE.adminToken, name: STORAGE.adminName },
};

/** Where each role lands after logout (SPEC §4). */
export const LOGIN_PATH: Record<Role, string> = {
  user: '/login',
  seller: '/seller-login',
  admin: '/admin-login',
};

const listeners = new Set<() => void>();
let cached: Session | undefined;

function read(): Session {
  for (const role of ['user', 'seller', 'admin'] as const) {
    if (store.get(KEYS[role].token)) return { role, name: store.get(KEYS[role].name) ?? '' };
  }
  return { role: 'visitor', name: '' };
}

function emit() {
  cached = undefined;
  for (const l of listeners) l();
}

function snapshot(): Session {
  const next = read();
  // useSyncExternalStore needs a stable object while nothing changed.
  if (!cached || cached.role !== next.role || cached.name !== next.name) cached = next;
  return cached;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || Object.values(STORAGE).includes(e.key as never)) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The token of a role, or null. */
export function tokenOf(role: Role): string | null {
  return store.get(KEYS[role].token);
}

/** Current session, read outside React. */
export function currentSession(): Session {
  return snapshot();
}

const VISITOR: Session = { role: 'visitor', name: '' };

/**
 * Current session; re-renders when anyone logs in or out (also in other tabs). Server-rendered pages
 * are a visitor's: hydration starts from that too, then shows the stored session.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, snapshot, () => VISITOR);
}

/** Stores a login. One person is one role at a time, so other roles' sessions end. */
export function signIn(role: Role, token: string, name: string) {
  for (const other of ['user', 'seller', 'admin'] as const) {
    if (other !== role) clearRole(other);
  }
  store.set(KEYS[role].token, token);
  store.set(KEYS[role].name, name);
  emit();
}

function clearRole(role: Role) {
  store.remove(KEYS[role].token);
  store.remove(KEYS[role].name);
  if (role === 'user') store.remove(STORAGE.productPageId);
}

/** Removes that role's token and name (a user logout also forgets the last viewed product). */
export function signOut(role: Role) {
  clearRole(role);
  emit();
}

/** Updates the shown name after a profile edit. */
export function renameSession(role: Role, name: string) {
  store.set(KEYS[role].name, name);
  emit();
}
