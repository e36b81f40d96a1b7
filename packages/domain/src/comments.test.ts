import { describe, expect, it } from 'vitest';
import {
  COMMENT_REQUIRED,
  COMMENT_TOO_LONG,
  commentCountLabel,
  commentTimeLabel,
  commentTimeParts,
  mayDeleteComment,
  validateComment,
} from './comments';

describe('comments', () => {
  it('refuses a blank comment and one over 1000 characters after trimming', () => {
    expect(validateComment('')).toEqual({ text: COMMENT_REQUIRED });
    expect(validateComment(' \n\t ')).toEqual({ text: COMMENT_REQUIRED });
    expect(validateComment(null)).toEqual({ text: COMMENT_REQUIRED });
    expect(validateComment('x'.repeat(1001))).toEqual({ text: COMMENT_TOO_LONG });
    expect(validateComment(`  ${'x'.repeat(1000)}  `)).toEqual({});
    // Characters, not UTF-16 units: 1000 emoji are a valid comment, as the server counts them.
    expect(validateComment('😀'.repeat(1000))).toEqual({});
    expect(validateComment('Was the tip included?')).toEqual({});
  });

  it('lets only the author delete a comment', () => {
    expect(mayDeleteComment({ author: { id: 'a' } }, 'a')).toBe(true);
    expect(mayDeleteComment({ author: { id: 'a' } }, 'b')).toBe(false);
  });

  it('counts comments in words', () => {
    expect(commentCountLabel(1)).toBe('1 comment');
    expect(commentCountLabel(3)).toBe('3 comments');
  });

  it('says when a comment was written as the activity lists say days, with the time', () => {
    const timeZone = process.env.TZ;
    const now = new Date(2026, 10, 26, 18, 0); // Thursday, November 26, 2026, local time
    const at = (d: number, h: number, m: number) => new Date(2026, 10, d, h, m).toISOString();
    const options = { now, timeZone };
    expect(commentTimeLabel(at(26, 17, 7), options)).toBe('Today at 5:07 PM');
    expect(commentTimeLabel(at(25, 9, 30), options)).toBe('Yesterday at 9:30 AM');
    expect(commentTimeLabel(at(23, 0, 5), options)).toBe('Monday at 12:05 AM');
    expect(commentTimeLabel(at(2, 20, 0), options)).toBe('Monday, November 2, 2026 at 8:00 PM');
    expect(commentTimeLabel('not a date', options)).toBe('');
  });
});

describe('commentTimeParts', () => {
  it('gives the day and the time in the locale, for a language that joins them its own way', () => {
    const now = new Date(2026, 10, 26, 18, 0);
    expect(commentTimeParts(new Date(2026, 10, 26, 17, 7).toISOString(), { now, locale: 'cs-CZ' })).toEqual({
      day: 'Dnes',
      time: '17:07',
    });
    expect(commentTimeParts(new Date(2026, 10, 26, 17, 7).toISOString(), { now })).toEqual({
      day: 'Today',
      time: '5:07 PM',
    });
    expect(commentTimeParts('not a date', { now })).toBeNull();
  });
});
