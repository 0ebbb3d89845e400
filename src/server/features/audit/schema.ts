import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';

/**
 * Every moderation and admin action: who did what to which item or person, when, why, and the
 * state before and after. Append-only: the database refuses updates and deletes (a trigger in the
 * migration), so nobody edits history, an admin included.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * Who acted; null for the system (a scheduled job, the command line). Not a foreign key: the
     * record outlives the account, and a cascade would have to change history.
     */
    actorId: text('actor_id'),
    /** What was done, as `<subject>.<verb>`: `content.remove`, `user.ban`, `role.grant`, … */
    action: text('action').notNull(),
    /** What it was done to: `video`, `stream`, `comment`, `chat_message`, `user`, `report`, … */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ...createdAt,
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);
