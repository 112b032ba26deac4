import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n';
import type { Translate } from '../i18n/i18n';

/** "in 12 s", "in 3 min", "now": how far ahead `atMs` is, from `nowMs`. */
export function relativeWhen(t: Translate, atMs: number, nowMs: number): string {
  const seconds = Math.ceil((atMs - nowMs) / 1000);
  if (seconds <= 0) return t('time.now');
  if (seconds < 120) return t('time.inSeconds', { n: seconds });
  return t('time.inMinutes', { n: Math.round(seconds / 60) });
}

/** Now, ticking every second while mounted: only the components that show a countdown re-render. */
export function useSecondTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A live "in 12 s" inside a message (`render` builds the sentence around it). */
export function RelativeTime(props: { at: string; render: (when: string) => string; testId?: string }) {
  const t = useT();
  const now = useSecondTick();
  return <span data-testid={props.testId}>{props.render(relativeWhen(t, Date.parse(props.at), now))}</span>;
}
