import { sql } from 'drizzle-orm';
import { ROLES, type Role } from '../../../lib/roles.ts';
import { pgEnum, pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';

export { ROLES, type Role };
export const roleEnum = pgEnum('role', ROLES);

/** Console users. Email is stored lower-cased; the unique index makes sign-in lookups exact. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: roleEnum('role').notNull(),
    /** `scrypt$N$r$p$salt$hash` (see server/auth/password.ts). */
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A disabled user cannot sign in and loses existing sessions. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);
export type UserRow = typeof users.$inferSelect;
