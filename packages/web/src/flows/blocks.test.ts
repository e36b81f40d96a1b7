import type { UserSearchResult } from '@kitty/api';
import { describe, expect, it } from 'vitest';
import { personWithEmail } from './blocks';

const person = (id: string, email: string): UserSearchResult => ({
  id,
  email,
  first_name: '',
  last_name: '',
  display_name: id,
  name: id,
  registered: true,
  connected: false,
});

describe('who "Block someone" blocks from an e-mail address', () => {
  it('the person with exactly that address, case and surrounding spaces aside', () => {
    const users = [person('ann', 'ann.b@example.com'), person('ben', 'ben@example.com')];
    expect(personWithEmail(users, '  BEN@example.com ')?.id).toBe('ben');
  });

  it('nobody for a partial address, even when a search found someone by it', () => {
    expect(personWithEmail([person('ann', 'ann.b@example.com')], 'ann')).toBeNull();
  });
});
