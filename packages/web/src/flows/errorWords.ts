import type { ApiError, ErrorCode } from '@kitty/api';
import {
  CANNOT_LEAVE_GROUP,
  COMMENT_AUTHOR_ONLY,
  CREATOR_CANNOT_BE_REMOVED,
  MEMBER_HAS_BALANCE,
} from '@kitty/domain';

/**
 * The words a screen shows for a refusal it picks by code: the one place they live (a translation hooks in
 * here). The spec fixes these; a code without words here shows the server's message.
 */
const WORDS: Partial<Record<ErrorCode, string>> = {
  CANNOT_LEAVE_GROUP,
  CREATOR_CANNOT_BE_REMOVED,
  FORBIDDEN_NOT_AUTHOR: COMMENT_AUTHOR_ONLY,
  MEMBER_HAS_BALANCE,
};

export function errorWords(failure: ApiError): string {
  return (failure.code && WORDS[failure.code]) || failure.message;
}
