import { HttpError, NetworkError } from '@kitty/api';
import { COMMENT_AUTHOR_ONLY, COMMENT_EXPENSE_GONE, COMMENT_GONE, COMMENT_MEMBERS_ONLY } from '@kitty/domain';
import { describe, expect, it } from 'vitest';
import { commentFailureWords } from './commentWords';

const refused = (status: number, code: string, message = 'server words') =>
  new HttpError({ status, data: { code, message }, message });

describe('what the Comments section says when a comment fails', () => {
  it('picks its words by code, never by the message', () => {
    expect(commentFailureWords(refused(403, 'FORBIDDEN_NOT_AUTHOR'), 'delete')).toBe(COMMENT_AUTHOR_ONLY);
    expect(commentFailureWords(refused(403, 'FORBIDDEN_NOT_MEMBER'), 'add')).toBe(COMMENT_MEMBERS_ONLY);
    expect(commentFailureWords(refused(404, 'NOT_FOUND'), 'add')).toBe(COMMENT_EXPENSE_GONE);
    expect(commentFailureWords(refused(404, 'NOT_FOUND'), 'delete')).toBe(COMMENT_GONE);
  });

  it("shows the server's message for a code without words, and a fallback for what is not a call's error", () => {
    expect(commentFailureWords(refused(429, 'RATE_LIMITED', 'Too many attempts.'), 'add')).toBe(
      'Too many attempts.',
    );
    expect(commentFailureWords(new NetworkError({ message: 'Network Error' }), 'add')).toBe('Network Error');
    expect(commentFailureWords(new Error('boom'), 'add')).toBe('Failed to add comment');
    expect(commentFailureWords(undefined, 'delete')).toBe('Failed to delete comment');
  });
});
