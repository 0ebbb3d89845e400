import { z } from 'zod';
import { CreatorSchema } from '../profiles/creator.js';

/** docs/product.md §6: the roles an admin grants and revokes on /admin/roles. */
export const APP_ROLES = ['admin', 'moderator'] as const;
export type AppRole = (typeof APP_ROLES)[number];

export const ROLE_REASON_MAX = 500;

/** Someone holding a role, as /admin/roles lists them. */
export const RoleHolderSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  verificationType: z.enum(['none', 'blue', 'red']),
  role: z.enum(APP_ROLES),
  /** When the role was granted. */
  since: z.string(),
});
export type RoleHolder = z.infer<typeof RoleHolderSchema>;

/** Grant or revoke one role of one person, named by username; an optional note for the audit log. */
export const RoleChangeSchema = z.object({
  username: z.string().trim().min(1, 'Choose someone').max(64),
  role: z.enum(APP_ROLES),
  reason: z.string().trim().max(ROLE_REASON_MAX, `At most ${ROLE_REASON_MAX} characters`).default(''),
});
export type RoleChangeInput = z.input<typeof RoleChangeSchema>;

/** An account found by the admin's people search, with the roles it holds. */
export const AdminUserSchema = CreatorSchema.extend({ roles: z.array(z.enum(APP_ROLES)) });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserSearchSchema = z.object({ q: z.string().trim().max(64).default('') });

/** The words shown when the last admin would go (docs/product.md "Roles"). */
export const LAST_ADMIN_MESSAGE = 'Glint needs at least one admin: make someone else an admin before removing this one.';

/** The audit log's actions written by this part of Glint (others add theirs: `content.remove`, `user.ban`, …). */
export const AUDIT_ACTIONS = ['verification.grant', 'verification.reject', 'verification.revoke', 'role.grant', 'role.revoke'] as const;

export const AUDIT_PAGE = 50;

/** GET /api/admin/audit: filters and paging (entries older than `before`). */
export const AuditQuerySchema = z.object({
  /** The actor's username, or `system` for the command line and start-up. */
  actor: z.string().trim().max(64).optional(),
  action: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z_]+\.[a-z_]+$/, 'An action looks like role.grant')
    .optional(),
  targetType: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z_]+$/, 'A target type looks like user')
    .optional(),
  targetId: z.string().trim().max(200).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** Who acted; null for the system (the command line, `ADMIN_EMAILS` at start-up, a scheduled job). */
  actor: CreatorSchema.nullable(),
  actorId: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The target's name when it is a person. */
  targetUser: CreatorSchema.nullable(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
