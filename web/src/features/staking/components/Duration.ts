import { useTranslation } from 'react-i18next';
import { countdown, durationUnit } from '../model/countdown';

/** Texts for spans of time: the lock period in spec §9's words, and live countdowns. */
export function useDurationText() {
  const { t } = useTranslation();
  return {
    /** The server's lockPeriod ({ value, unit, text }) in the user's language. */
    period: ({ value, unit, text }: { value: number; unit: string; text: string }): string => {
      const known = durationUnit(unit);
      return known === null ? text : t(`duration.${known}`, { count: value });
    },
    /** "0:59:58", or "2 days 03:04:05". */
    countdown: (secondsLeft: number): string => {
      const { days, clock } = countdown(secondsLeft);
      return days === 0 ? clock : t('staking.countdown_days', { count: days, clock });
    },
  };
}
