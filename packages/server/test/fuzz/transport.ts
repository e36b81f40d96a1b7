import { HOSTILE_TEXTS } from './hostile';
import { type Raw, raw } from './raw-json';

// Hostile inputs at the HTTP level: header values, content types, URL segments and whole bodies.

// Unsafe in a header value (CR, LF, NUL): no HTTP client can send them, so they are not tried there.
const headerSafe = (value: string) => !/[\r\n\0]/.test(value) && /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

export const HEADER_TEXTS = [
  ...HOSTILE_TEXTS.filter(headerSafe),
  'a'.repeat(201),
  'k'.repeat(8_000),
  'é',
  '\t',
  'ÿþ',
];

export const CONTENT_TYPES: readonly (string | null)[] = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonx',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  '*/*',
  '',
];

// Inserted into the URL as they are: dot segments, broken percent escapes, NUL, surrogate bytes.
export const VERBATIM_SEGMENTS = [
  '..',
  '.',
  '../..',
  '..%2f..%2fusers',
  '%2e%2e',
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  ';',
  '*',
  '%20',
  'a%2Fb',
  '?',
  '#',
];

export const RAW_BODIES: Raw[] = [
  '',
  ' ',
  '{',
  '{"a":',
  '{"a":1}}',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '// comment\n{}',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '[{}]',
  '\u0000',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
].map(raw);

export const BUFFERS: Buffer[] = [
  Buffer.from([0xff, 0xfe, 0xfd]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), // {"a":"<bad UTF-8>"}
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // an encoded surrogate
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}')]), // UTF-8 byte order mark
  Buffer.from('{"name":"x"}', 'utf16le'),
  Buffer.alloc(2_000_000, 0x20),
];

/** The case arbitrary of one operation; `ids` are every real id of the fuzz world. */
