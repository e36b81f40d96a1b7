import type Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';

// Instants every layer keeps exactly and writes back as RFC 3339 (four-digit years):
// "9999-12-31T23:59:59-12:00" is in year 10000 once in UTC, PostgreSQL refuses "0000-01-01", and a
// timestamp read back from PGlite as "0001-01-01 00:00:00+00" becomes 2001 in JavaScript (years below
// 100 are taken as 19xx or 20xx). No expense or payment is dated before the year 1000.
const EARLIEST = Date.parse('1000-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');
const rfc3339 = fullFormats['date-time'] as { validate: (value: string) => boolean };

/** RFC 3339, and an instant from year 1000 to 9999 in UTC that JavaScript can read (no leap second). */
export function isStorableDateTime(value: string): boolean {
  if (!rfc3339.validate(value)) return false;
  const instant = Date.parse(value);
  return instant >= EARLIEST && instant <= LATEST;
}

/** ajv-formats' formats, with `date-time` limited to instants every layer can store and write back. */
export function addContractFormats(ajv: Ajv2020): Ajv2020 {
  addFormats(ajv);
  ajv.addFormat('date-time', { type: 'string', validate: isStorableDateTime });
  // openapi.yaml's `x-message`: the service's own words for a field the contract refuses (validation.ts).
  ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
  return ajv;
}
