import { useEffect, useState } from 'react';
import { notify, type Text } from '../notify/notify';

/** How long a copy button says "Copied" (spec §8). */
export const COPIED_FOR_MS = 1_000;

/**
 * Copies text to the clipboard with the spec's feedback: the button says "Copied" for
 * {@link COPIED_FOR_MS} and a notice confirms; a refused clipboard says so instead.
 */
export function useCopyText(copiedNotice: Text, failedNotice: Text): { copied: boolean; copy: (text: string) => void } {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => { setCopied(false); }, COPIED_FOR_MS);
    return () => { window.clearTimeout(timer); };
  }, [copied]);

  const copy = (text: string) => {
    void navigator.clipboard.writeText(text).then(
      () => {
        setCopied(true);
        notify.copied(copiedNotice);
      },
      () => notify.error(failedNotice),
    );
  };
  return { copied, copy };
}
