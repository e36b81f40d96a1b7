import {
  CURRENCIES,
  EMAIL_PATTERN,
  MAX_AMOUNT,
  NAME_PATTERN,
  VISIBLE_CHARACTER_PATTERN,
} from '@kitty/domain';
import { describe, expect, it } from 'vitest';
import { type JsonSchema, loadContract } from '../src/http/contract';
import { createValidators, fieldErrors, routeSchema } from '../src/http/validation';

const contract = loadContract();

describe('openapi.yaml as the server reads it', () => {
  it('every operation has a method, an /api URL and request schemas ajv compiles in strict mode', () => {
    const compile = createValidators();
    expect(contract.operations.size).toBeGreaterThan(0);
    for (const operation of contract.operations.values()) {
      expect(operation.url.startsWith('/api/'), operation.id).toBe(true);
      const schema = routeSchema(operation) as Record<string, JsonSchema | undefined>;
      for (const httpPart of ['body', 'querystring', 'params', 'headers']) {
        const part = schema[httpPart];
        if (part)
          expect(() => compile({ schema: part, httpPart }), `${operation.id} ${httpPart}`).not.toThrow();
      }
    }
  });

  it('path parameters become Fastify parameters and security: [] makes an operation public', () => {
    expect(contract.operation('getHealth')).toMatchObject({
      method: 'GET',
      url: '/api/health',
      secured: false,
    });
    expect(contract.operation('getProfile')).toMatchObject({ url: '/api/users/profile', secured: true });
    const withId = [...contract.operations.values()].find((op) => op.path.includes('{'));
    if (withId) expect(withId.url).toMatch(/\/:[A-Za-z]+/);
  });

  it('query strings are coerced (limit=5 is a number) but bodies are not ("12" is not 12)', () => {
    const compile = createValidators();
    const query = compile({
      schema: { type: 'object', properties: { limit: { type: 'integer' } } },
      httpPart: 'querystring',
    });
    const input = { limit: '5' };
    expect(query(input)).toBe(true);
    expect(input.limit).toBe(5);
    const body = compile({
      schema: { type: 'object', properties: { amount: { type: 'number' } } },
      httpPart: 'body',
    });
    expect(body({ amount: '12' })).toBe(false);
  });

  it('validation failures read as sentences naming the field', () => {
    const compile = createValidators();
    const validate = compile({
      httpPart: 'body',
      schema: {
        type: 'object',
        additionalProperties: false,
        required: ['split_type', 'items'],
        properties: {
          split_type: { enum: ['equal', 'shares'] },
          amount: { type: 'number', exclusiveMinimum: 0, maximum: 100 },
          items: { type: 'array', minItems: 1 },
          details: {
            type: 'object',
            properties: { shares: { type: 'object', additionalProperties: { type: 'integer' } } },
          },
        },
      },
    });
    validate({ split_type: 'odd', amount: 0, items: [], extra: true, details: { shares: { u1: 1.5 } } });
    expect(fieldErrors(validate.errors ?? [], 'body')).toEqual([
      { field: 'extra', message: 'extra is not an accepted field' },
      { field: 'split_type', message: 'split_type must be one of: equal, shares' },
      { field: 'amount', message: 'amount must be greater than 0' },
      { field: 'items', message: 'items must have at least 1 item' },
      { field: 'details.shares.u1', message: 'details.shares.u1 must be a whole number' },
    ]);
  });

  it('states the domain rules it names: the supported currencies and the maximum amount', () => {
    const pattern = new RegExp(String(contract.schema('SupportedCurrency').pattern));
    const codes = Object.keys(CURRENCIES);
    for (const code of codes) expect(pattern.test(code), code).toBe(true);
    expect(
      String(contract.schema('SupportedCurrency').pattern)
        .match(/[A-Z]{3}/g)
        ?.sort(),
    ).toEqual(codes.sort());
    for (const name of ['Amount', 'NonNegativeAmount', 'SignedAmount']) {
      expect(contract.schema(name).maximum, name).toBe(MAX_AMOUNT);
    }
  });

  it('refuses by schema what the services refuse, in their words: blank group name, empty current password, no members, a second @', () => {
    const compile = createValidators();
    const body = (id: string) =>
      compile({ schema: routeSchema(contract.operation(id)).body as JsonSchema, httpPart: 'body' });
    const refusal = (id: string, input: object) => {
      const validate = body(id);
      expect(validate(input), JSON.stringify(input)).toBe(false);
      return fieldErrors(validate.errors ?? [], 'body');
    };
    expect(refusal('createGroup', { name: '   ' })).toEqual([
      { field: 'name', message: 'Please enter a group name' },
    ]);
    expect(refusal('changePassword', { currentPassword: '', newPassword: 'brand-new-pw' })).toEqual([
      { field: 'currentPassword', message: 'Current password is required' },
    ]);
    expect(
      refusal('updateGroupSettings', { currency: 'EUR', default_split_type: 'equal', members: [] }),
    ).toEqual([{ field: 'members', message: 'A group must have at least one member' }]);
    expect(refusal('addGroupMember', { email: 'a@b@c.de' })).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
    expect(String(contract.schema('Email').pattern)).toBe(EMAIL_PATTERN.source);
  });

  it('refuses a name of invisible characters as an empty one, by the domain pattern', () => {
    const invisible = '\u200B\u2060\uFEFF';
    const compile = createValidators();
    const refusal = (id: string, input: object) => {
      const validate = compile({
        schema: routeSchema(contract.operation(id)).body as JsonSchema,
        httpPart: 'body',
      });
      validate(input);
      return fieldErrors(validate.errors ?? [], 'body');
    };
    expect(refusal('createGroup', { name: invisible })).toEqual([
      { field: 'name', message: 'Please enter a group name' },
    ]);
    expect(refusal('createExpenseComment', { text: '\u3164' })).toEqual([
      { field: 'text', message: 'Please write a comment' },
    ]);
    expect(refusal('createGroup', { name: 'Trip \u{1F3D4}\uFE0F' })).toEqual([]);
    expect(refusal('createGroup', { name: 'n'.repeat(101) })).toEqual([
      { field: 'name', message: 'name must be at most 100 characters' },
    ]);
    const register = { email: 'a@b.cd', password: 'long-enough', passphrase: 'p' };
    expect(refusal('registerUser', { ...register, first_name: invisible, last_name: 'Lovelace' })).toEqual([
      { field: 'first_name', message: 'first_name is required' },
    ]);
    for (const schema of ['NewGroup', 'GroupSettingsUpdate', 'CommentInput', 'ExpenseInput']) {
      const properties = contract.schema(schema).properties as Record<string, { pattern?: string }>;
      const field = Object.values(properties).find((p) => p.pattern !== undefined);
      expect(field?.pattern, schema).toBe(VISIBLE_CHARACTER_PATTERN);
    }
    const names = contract.schema('RegisterRequest').properties as Record<string, { pattern?: string }>;
    expect(names.first_name?.pattern).toBe(NAME_PATTERN);
    expect(names.last_name?.pattern).toBe(NAME_PATTERN);
  });
});
