import type { FastifyInstance } from 'fastify';
import { userRoles } from '../access/schema.js';
import { Client, verifiedClient } from './app.js';

export interface Person {
  c: Client;
  id: string;
  username: string;
}

let seq = 0;

/** A verified account signed in on its own client, with its id and username. */
export async function person(app: FastifyInstance, prefix: string): Promise<Person> {
  const username = `${prefix}_${(++seq).toString(36)}${Date.now().toString(36).slice(-3)}`.slice(0, 20);
  const c = await verifiedClient(app, username);
  const id = (await c.get('/api/me')).json().user.id as string;
  return { c, id, username };
}

/** An account whose email is not confirmed yet (signed in, unverified). */
export async function unverifiedPerson(app: FastifyInstance, prefix: string): Promise<Person> {
  const username = `${prefix}_${(++seq).toString(36)}${Date.now().toString(36).slice(-3)}`.slice(0, 20);
  const c = new Client(app);
  await c.post('/api/auth/sign-up/email', { email: `${username.toLowerCase()}@example.com`, username, name: '', password: 'Str0ng!Passw0rd' });
  const id = (await c.get('/api/me')).json().user.id as string;
  return { c, id, username };
}

/** Gives an account a role straight in the database (the setup of a test, not what it tests). */
export async function giveRole(app: FastifyInstance, p: Person, role: 'admin' | 'moderator'): Promise<Person> {
  await app.db.insert(userRoles).values({ userId: p.id, role }).onConflictDoNothing();
  return p;
}

/**
 * The four callers every admin endpoint is tried with (CONTRIBUTING.md, Permissions): a guest, a
 * signed-in user (and one not yet confirmed), a moderator and an admin.
 */
export async function roleClients(app: FastifyInstance) {
  const guest = new Client(app);
  const unverified = await unverifiedPerson(app, 'unconf');
  const user = await person(app, 'plain');
  const moderator = await giveRole(app, await person(app, 'mod'), 'moderator');
  const admin = await giveRole(app, await person(app, 'admin'), 'admin');
  return { guest, unverified, user, moderator, admin };
}
