import { lazy, Suspense, useRef, useState } from 'react';
import { Icon } from '../../lib/ui/icons';

// The dialog, its texts and the currency names load when it is first opened.
const PreferencesDialog = lazy(async () => ({ default: (await import('./PreferencesDialog')).PreferencesDialog }));

/** The header's way to the display preferences (fiat currency and number format), logged in or not. */
export function PreferencesButton() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The header is in the entry chunk, before i18next loads: its labels are plain English like the rest of it.
  const label = 'Display preferences';
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => { setOpen(true); }}
      >
        <Icon name="sliders" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <PreferencesDialog
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
