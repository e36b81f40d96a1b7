import type { FieldErrors } from '@kitty/domain';
import { useCallback, useRef, useState } from 'react';
import { knownWords } from '../../flows/failureWords';

/**
 * Text-field form state: values, per-field errors (from the domain's validators), and a setter per field
 * that also clears that field's error, as the spec asks when someone types. `onEdit` runs on every change
 * (a form clears its server message there).
 */
export function useFormState<K extends string>(initial: Record<K, string>, onEdit?: () => void) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const inputs = useRef(new Map<K, HTMLInputElement>());
  const onEditRef = useRef(onEdit);
  onEditRef.current = onEdit;

  const setField = useCallback(
    (field: K) => (value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => {
        if (current[field] === undefined) return current;
        const next = { ...current };
        delete next[field];
        return next;
      });
      onEditRef.current?.();
    },
    [],
  );

  /** Pass as `inputRef={inputRef('email')}` so focusFirstError can reach the input. */
  const inputRef = useCallback(
    (field: K) => (element: HTMLInputElement | null) => {
      if (element) inputs.current.set(field, element);
      else inputs.current.delete(field);
    },
    [],
  );

  /** Shows the errors and moves focus to the first invalid field in `order`. */
  const showErrors = useCallback((found: FieldErrors<K>, order: readonly K[]) => {
    setErrors(found);
    const first = order.find((field) => found[field] !== undefined);
    if (first) inputs.current.get(first)?.focus();
  }, []);

  /** A TextField's props for `field`: `<TextField label="Email" {...form.bind('email')} />`. */
  const bind = (field: K) => ({
    value: values[field],
    onChange: setField(field),
    // The domain's validators speak English: shown in the active language.
    errorMessage: errors[field] === undefined ? undefined : knownWords(errors[field]),
    inputRef: inputRef(field),
  });

  return { values, errors, setField, inputRef, showErrors, bind };
}
