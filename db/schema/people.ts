import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, hashColumn, updatedAt, versionColumn } from './columns';

/** Name, contact and personal details of anyone the platform knows: users, clients, children, agents. */
export const persons = pgTable('persons', {
  id: serial('id').primaryKey(),
  hash: hashColumn(),
  firstName: text('first_name').notNull().default(''),
  middleName: text('middle_name'),
  lastName: text('last_name').notNull().default(''),
  suffix: text('suffix'),
  nickname: text('nickname'),
  email: text('email'),
  phone: text('phone'),
  dob: date('dob'),
  // AES-256-GCM envelope (lib/crypto.ts) and the last four digits for the masked form.
  ssnCipher: text('ssn_cipher'),
  ssnLast4: text('ssn_last4'),
  // Person fields are edited through the records that show them (client, child, guardian, beneficiary,
  // trustee, agent), and one person may sit on several of them: the person's own version catches that.
  version: versionColumn('persons'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A login. Role flags live here; advisor and client roles come from their own rows. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    // Stored lower-cased and trimmed; unique.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isLegal: boolean('is_legal').notNull().default(false),
    // Advisors and staff both work on the advisory side.
    isAdvisory: boolean('is_advisory').notNull().default(false),
    isFirmSupervisor: boolean('is_firm_supervisor').notNull().default(false),
    // Bumped on password change or disable: every older session token stops working.
    sessionVersion: integer('session_version').notNull().default(1),
    // Set with a temporary password an admin had mailed (lib/admin/reset-password.ts): that password signs in
    // once, and only to set a new one (lib/auth/password-tokens.ts).
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // From when this user must sign in with a second factor (admins and attorneys: their first sign-in after
    // the rule applies plus the grace period; lib/auth/second-factor/rules.ts). Null: not set.
    secondFactorDueAt: timestamp('second_factor_due_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_person_idx').on(t.personId)],
);

/** Failed and successful sign-ins, for slowing brute force per account and per address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    // The nonce of the device cookie that vouched for this browser (lib/auth/device-cookie.ts); null when
    // the attempt came without a valid one for the account.
    device: text('device'),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_device_idx').on(t.device, t.createdAt),
  ],
);

export type Person = typeof persons.$inferSelect;
export type NewPerson = typeof persons.$inferInsert;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
