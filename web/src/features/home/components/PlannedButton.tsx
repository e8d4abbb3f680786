import { useId } from 'react';
import { availabilityNote, ROADMAP, type CapabilityId } from '../../../lib/roadmap';

interface PlannedButtonProps {
  label: string;
  detail?: string;
  capability: CapabilityId;
  variant?: 'option' | 'primary' | 'secondary';
}

/**
 * A sign-in choice that is not built yet. It stays focusable (aria-disabled,
 * not disabled) so keyboard and screen-reader users also learn when it arrives.
 */
export function PlannedButton({ label, detail, capability, variant = 'option' }: PlannedButtonProps) {
  const noteId = useId();
  const note = availabilityNote(ROADMAP[capability]);
  return (
    <button type="button" className={`planned planned--${variant}`} aria-disabled="true" aria-describedby={noteId}>
      <span className="planned__text">
        <span className="planned__label">{label}</span>
        {detail !== undefined && <span className="planned__detail">{detail}</span>}
      </span>
      <span id={noteId} className="planned__note">
        {note}
      </span>
    </button>
  );
}
