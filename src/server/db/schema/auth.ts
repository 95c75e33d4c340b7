import { LOCALES, type Locale } from '@shared/locale';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, sqlList, timestamptz, updatedAt } from './columns';

export const userTypes = ['consumer', 'business'] as const;
export const userRoles = ['user', 'admin'] as const;

/**
 * Better Auth's tables (users, sessions, accounts, verifications), with the sign-up
 * metadata of the specification as additional user fields. Ids are Better Auth's strings.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    phone: text('phone'),
    userType: text('user_type').notNull().default('consumer'),
    isBusiness: boolean('is_business').notNull().default(false),
    businessName: text('business_name'),
    role: text('role').notNull().default('user'),
    locale: text('locale').$type<Locale>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_user_type_check', sql`${t.userType} in (${sqlList(userTypes)})`),
    check('users_role_check', sql`${t.role} in (${sqlList(userRoles)})`),
    check('users_locale_check', sql`${t.locale} in (${sqlList(LOCALES)})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    // Better Auth 1.7 keys accounts by (issuer, account_id). It always writes the issuer;
    // the default covers password accounts inserted directly (seed, factories).
    issuer: text('issuer').notNull().default('local:credential'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    uniqueIndex('accounts_issuer_account_id_unique').on(t.issuer, t.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);
