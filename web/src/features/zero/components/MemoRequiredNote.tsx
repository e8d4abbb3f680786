import { useTranslation } from 'react-i18next';
import type { MemoRequirement } from '../model/memoRequired';

interface MemoRequiredNoteProps {
  account: string;
  requirement: MemoRequirement;
  /** `transfer`: the form has a memo field to fill; `move`: a move cannot carry a memo. */
  kind: 'transfer' | 'move';
}

/** The warning before a memo-less deposit to an exchange: why it matters and what to do. */
export function MemoRequiredNote({ account, requirement, kind }: MemoRequiredNoteProps) {
  const { t } = useTranslation();
  return (
    <div className="zero-warning" role="note" data-testid="memo-required">
      <p><strong>{t('zero.memo_required.title', { account })}</strong></p>
      <p>{t('zero.memo_required.why', { account, label: requirement.label })}</p>
      <p>{t(kind === 'transfer' ? 'zero.memo_required.what_transfer' : 'zero.memo_required.what_move', { account })}</p>
    </div>
  );
}
