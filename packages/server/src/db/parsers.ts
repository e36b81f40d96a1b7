// Type OIDs whose text form both engines parse the same way.
export const INT8_OID = 20;
export const DATE_OID = 1082;

export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`bigint value ${text} is too large for a JS number`);
  return value;
}

/** A date stays 'YYYY-MM-DD': turning it into a Date would move it by the server's time zone. */
export function parseDate(text: string): string {
  return text;
}
