const FRAGMENT_KEY = 'token';
const STORAGE_KEY = 'intake-connection-token';

/**
 * The web shell's connection token. The printed URL carries it in the fragment (`#token=…`), which no
 * browser sends to a server; it is taken from there once, kept in this tab's sessionStorage (per origin,
 * so per port: no other local listener can read it, unlike a cookie for 127.0.0.1) so a reload still
 * works, and removed from the address bar and history.
 */
export function takeConnectionToken(location: Location, history: History, storage: Storage): string | undefined {
  const fromFragment = new URLSearchParams(location.hash.replace(/^#/, '')).get(FRAGMENT_KEY);
  if (fromFragment) {
    storage.setItem(STORAGE_KEY, fromFragment);
    history.replaceState(null, '', location.pathname + location.search);
    return fromFragment;
  }
  return storage.getItem(STORAGE_KEY) ?? undefined;
}
