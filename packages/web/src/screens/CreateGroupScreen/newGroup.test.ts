import { validateGroupName } from '@kitty/domain';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/czech';
import catalog from '../../i18n/catalog/en/createGroup.json';
import { domainWords } from '../../i18n/domainWords';
import { setActiveLanguage } from '../../i18n/language';
import { type DraftMember, newGroupPayload, newPersonMember, renameSplitIds, sameMember } from './newGroup';

const bob: DraftMember = {
  id: 'u-bob',
  email: 'bob@example.com',
  display_name: 'Bob',
  first_name: 'Bob',
  last_name: 'Builder',
  registered: true,
};

describe('a new person added by e-mail', () => {
  it('is not registered, named by the optional name split on spaces', () => {
    expect(newPersonMember(' eve@example.com ', 'Eve Van Dyke', 'temp-1')).toEqual({
      id: 'temp-1',
      email: 'eve@example.com',
      first_name: 'Eve',
      last_name: 'Van Dyke',
      display_name: 'Eve Van Dyke',
      registered: false,
    });
  });

  it('without a name is called by the part of the address before the @', () => {
    expect(newPersonMember('zoe@example.com', '', 'temp-2').display_name).toBe('zoe');
  });

  it('is the same member as someone with that address in another case', () => {
    expect(sameMember(bob, { id: 'temp-3', email: 'BOB@example.com' })).toBe(true);
  });
});

describe('the draft split details', () => {
  it('renames temporary people to the ids the server gave them', () => {
    expect(renameSplitIds({ shares: { me: 1, 'temp-1': 3 } }, new Map([['temp-1', 'u-eve']]))).toEqual({
      shares: { me: 1, 'u-eve': 3 },
    });
  });
});

describe('the new group payload', () => {
  it('trims the name, keeps the creator out of the members, and names members by e-mail', () => {
    const payload = newGroupPayload({
      name: '  Trip to Prague ',
      description: ' ',
      currency: 'USD',
      splitType: 'percentage',
      splitDetails: { percentages: { me: 50, 'u-bob': 50 } },
      members: [bob],
      creatorId: 'me',
    });
    expect(payload).toEqual({
      name: 'Trip to Prague',
      description: null,
      currency: 'USD',
      default_split_type: 'percentage',
      default_split_config: {
        percentages: [
          { user_id: 'me', percentage: 50 },
          { user_id: 'u-bob', percentage: 50 },
        ],
      },
      members: [
        {
          email: 'bob@example.com',
          display_name: 'Bob',
          first_name: 'Bob',
          last_name: 'Builder',
          registered: true,
        },
      ],
    });
  });
});

describe('a group name that shows nothing', () => {
  afterEach(() => setActiveLanguage('en'));
  // The words the Create Group form shows at its name field (CreateGroupScreen: domainWords of its catalog).
  const words = domainWords(catalog);
  const invisible = '\u200B\u2060\uFEFF\u3164';

  it('is refused at the name field like an empty one, in English and Czech', () => {
    const refused = validateGroupName(invisible).name;
    expect(refused && words(refused)).toBe('Please enter a group name');
    setActiveLanguage('cs');
    expect(refused && words(refused)).toBe('Zadejte název skupiny');
    expect(validateGroupName('Výlet \u{1F3D4}\uFE0F')).toEqual({});
  });

  it('is sent without blank ends, and a description that shows nothing is none', () => {
    const payload = newGroupPayload({
      name: '\u200BLisbon\u2060 ',
      description: invisible,
      currency: 'EUR',
      splitType: 'equal',
      splitDetails: {},
      members: [],
      creatorId: 'me',
    });
    expect(payload).toMatchObject({ name: 'Lisbon', description: null });
  });
});
