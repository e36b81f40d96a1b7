import type { components } from '@kitty/api/schema';
import {
  INVALID_SPLIT_TYPE,
  isKnownCurrency,
  isLanguage,
  isSplitType,
  validateChangePassword,
} from '@kitty/domain';
import { AttemptLimiter } from '../auth/attempts';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { type FieldError, invalid, invalidField } from '../http/errors';
import type { CurrentUser } from '../users/repo';
import * as account from './repo';

type AccountSettings = components['schemas']['AccountSettings'];
type AccountSettingsUpdate = components['schemas']['AccountSettingsUpdate'];
type ChangePasswordRequest = components['schemas']['ChangePasswordRequest'];
type PasswordChanged = components['schemas']['PasswordChanged'];

export const PASSWORD_UPDATED = 'Password updated successfully';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const UNKNOWN_LANGUAGE = 'language must be en, cs or null';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export function createAccountService(ctx: AppContext, limits = { max: 10, windowMs: FIFTEEN_MINUTES }) {
  const { db, tokens } = ctx;
  // Wrong current passwords per account: a stolen token must not become an offline-speed password oracle.
  const wrongPasswords = new AttemptLimiter(limits, ctx.limits.requests.store, 'password-failures');

  return {
    settings(user: CurrentUser): AccountSettings {
      return toSettings(user);
    },

    async updateSettings(user: CurrentUser, input: AccountSettingsUpdate): Promise<AccountSettings> {
      const problems: FieldError[] = [];
      if (!isKnownCurrency(input.currency)) {
        problems.push({ field: 'currency', message: `Unknown currency ${input.currency}` });
      }
      if (!isSplitType(input.defaultSplit)) {
        problems.push({ field: 'defaultSplit', message: INVALID_SPLIT_TYPE });
      }
      if (input.language !== undefined && input.language !== null && !isLanguage(input.language)) {
        problems.push({ field: 'language', message: UNKNOWN_LANGUAGE });
      }
      if (problems.length > 0) throw invalid(...problems);
      const saved = await account.updateSettings(db, user.id, {
        currency: input.currency,
        default_split: input.defaultSplit,
        language: input.language,
      });
      return toSettings(saved);
    },

    /**
     * The domain's rules first (current given, new long enough), then the attempt limit and the current
     * password; the new hash is made before the write. The answer carries a fresh token because the
     * bumped token_version has just ended the caller's own.
     */
    async changePassword(user: CurrentUser, input: ChangePasswordRequest): Promise<PasswordChanged> {
      const errors = validateChangePassword({ ...input, confirmPassword: input.newPassword });
      for (const [field, message] of Object.entries(errors)) {
        if (message) throw invalidField(field, message);
      }
      await wrongPasswords.check(user.id);
      const hash = await account.passwordHash(db, user.id);
      if (!hash || !(await verifyPassword(hash, input.currentPassword))) {
        await wrongPasswords.fail(user.id);
        throw invalidField('currentPassword', WRONG_CURRENT_PASSWORD, 'WRONG_CURRENT_PASSWORD');
      }
      await wrongPasswords.reset(user.id);
      const newHash = await hashPassword(input.newPassword);
      const saved = await db.transaction((tx) => account.replacePassword(tx, user.id, newHash));
      return { message: PASSWORD_UPDATED, token: await tokens.sign(saved) };
    },
  };
}

function toSettings(row: account.AccountSettingsRow): AccountSettings {
  return {
    currency: row.currency as AccountSettings['currency'],
    default_split: row.default_split as AccountSettings['default_split'],
    language: isLanguage(row.language) ? row.language : null,
  };
}
