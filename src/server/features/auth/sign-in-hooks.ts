import type { Me } from '../../../shared/auth/session.js';

/** What another feature adds to the signed-in `/api/me` answer (the account, profile and roles are auth's). */
type MeAddition = Partial<Omit<Me, 'user' | 'profile' | 'roles'>>;

/**
 * Where other features take part in a sign-in without auth importing them: each registers its
 * listeners at startup (privacy cancels a scheduled deletion and says so once).
 */
export function createSignInHooks() {
  const listeners: Array<(userId: string) => Promise<unknown>> = [];
  const additions: Array<(userId: string) => Promise<MeAddition>> = [];
  return {
    /** Runs after every new session, whatever the way in (password, Google, wallet, the code step). */
    onSignedIn(listener: (userId: string) => Promise<unknown>): void {
      listeners.push(listener);
    },
    /** Adds to the answer of `/api/me` (and the page's first frame) for a signed-in account. */
    addToMe(addition: (userId: string) => Promise<MeAddition>): void {
      additions.push(addition);
    },
    /** Auth's session hook: the listeners, one after the other. */
    async signedIn(userId: string): Promise<void> {
      for (const listener of listeners) await listener(userId);
    },
    /** Auth's `/api/me`: what the features add, merged. */
    async meAdditions(userId: string): Promise<MeAddition> {
      const parts = await Promise.all(additions.map((addition) => addition(userId)));
      return Object.assign({}, ...parts) as MeAddition;
    },
  };
}
