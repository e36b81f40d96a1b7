import { useRef } from 'react';
import { Button, type ButtonProps } from './Button';

export interface FileButtonProps extends Omit<ButtonProps, 'onPress'> {
  /** MIME types the picker offers (the `accept` attribute). */
  acceptedFileTypes: readonly string[];
  allowsMultiple?: boolean;
  /** On a phone, open this camera rather than the file picker (the `capture` attribute). */
  defaultCamera?: 'user' | 'environment';
  onSelect: (files: File[]) => void;
}

/**
 * A button that opens the file picker: a hidden file input behind our Button, so Enter and Space open it too.
 * What react-aria's FileTrigger does, without it: FileTrigger's helpers would widen the shared vendor chunk's
 * exports, and the sign-in page's first download (120.0 of 120 kB) with them. While `isPending` it opens
 * nothing: one batch at a time.
 */
export function FileButton({
  acceptedFileTypes,
  allowsMultiple,
  defaultCamera,
  onSelect,
  isPending,
  ...button
}: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        {...button}
        isPending={isPending}
        onPress={() => {
          const picker = input.current;
          if (!picker) return;
          // The same file picked again must still be a change.
          picker.value = '';
          picker.click();
        }}
      />
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptedFileTypes.join(',')}
        multiple={allowsMultiple}
        capture={defaultCamera}
        onChange={(event) => onSelect([...(event.currentTarget.files ?? [])])}
      />
    </>
  );
}
