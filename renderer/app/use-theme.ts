import { useEffect } from 'react';
import { useAppStore } from './store';

/**
 * Puts a theme chosen in Settings on the page (`data-theme` on <html>; palette.css). "As the system" sets
 * none, so the style sheet follows prefers-color-scheme by itself, at once when the system changes
 * (issue #31 item 9).
 */
export function useTheme(): void {
  const theme = useAppStore((s) => s.settings?.theme ?? 'system');
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset['theme'];
    else root.dataset['theme'] = theme;
  }, [theme]);
}
