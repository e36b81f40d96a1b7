// The small rules every form validator shares. Internal: not exported from the package.
import type { FieldErrors } from './accountValidation';

export const blank = (value: string | null | undefined) => (value ?? '').trim() === '';
export const empty = (value: string | null | undefined) => (value ?? '') === '';

export function collect<K extends string>(entries: [K, string | undefined][]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const [field, message] of entries) if (message !== undefined) errors[field] = message;
  return errors;
}
