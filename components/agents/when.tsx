import { dateTimeText, exactTimeText, timeText } from './format';

/** A moment in UK time: "8 Jul 2024, 10:00" (or only the time), the exact time with its zone on hover. */
export function When({ at, timeOnly = false, className = '' }: { at: string; timeOnly?: boolean; className?: string }) {
  return (
    <time dateTime={at} title={exactTimeText(at)} className={`tabular-nums ${className}`}>
      {timeOnly ? timeText(at) : dateTimeText(at)}
    </time>
  );
}
