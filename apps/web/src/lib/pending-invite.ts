const STORAGE_KEY = 'grouptrack.pendingInviteCode';

// Storage can be unavailable (privacy modes, sandboxed frames); the invite is then simply not kept.
function getStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the invite code of the login link for this tab, so the route guard can offer the team to join. */
export function savePendingInviteCode(inviteCode: string): void {
  getStorage()?.setItem(STORAGE_KEY, inviteCode);
}

/** The invite code kept by the login route, or null. */
export function findPendingInviteCode(): string | null {
  return getStorage()?.getItem(STORAGE_KEY) ?? null;
}

/** Forgets the kept invite code once it has been used. */
export function clearPendingInviteCode(): void {
  getStorage()?.removeItem(STORAGE_KEY);
}
