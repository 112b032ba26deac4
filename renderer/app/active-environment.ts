import type { EnvironmentKind } from '../../shared/domain/settings';
import type { Settings } from '../../shared/domain/settings';
import { activeEnvironmentOf } from '../../shared/domain/settings';
import { SHIPPED_ENVIRONMENT_NAMES } from '../../shared/domain/environment-kind';
import { translate } from '../i18n/i18n';
import type { Locale } from '../i18n/i18n';
import { useAppStore } from './store';

export interface ActiveEnvironment {
  id: string;
  name: string;
  kind: EnvironmentKind;
}

/**
 * The environment uploads go to now: the saved settings' active one (settings.changed follows every save,
 * so a switch shows at once), and app.info's only until the settings have loaded. app.info is read once at
 * start, which is how the badge kept saying "Local sandbox" after a switch.
 */
export function activeEnvironmentView(
  settings: Pick<Settings, 'activeEnvironmentId' | 'environments'> | undefined,
  info: { environment: ActiveEnvironment } | undefined,
): ActiveEnvironment | undefined {
  if (settings) {
    const env = activeEnvironmentOf(settings);
    if (env) return { id: env.id, name: env.name, kind: env.kind };
  }
  return info?.environment;
}

export function useActiveEnvironment(): ActiveEnvironment | undefined {
  const settings = useAppStore((s) => s.settings);
  const info = useAppStore((s) => s.info);
  return activeEnvironmentView(settings, info);
}

/**
 * The environment's own name when it says more than its kind; undefined when it is empty or just the kind's
 * label in some language (the shipped "Local sandbox", "Production"), which the kind's label says already.
 */
export function ownEnvironmentName(env: Pick<ActiveEnvironment, 'name' | 'kind'>): string | undefined {
  const name = env.name.trim();
  const sameAsKind =
    (['en', 'de'] as const).some((l) => translate(l, `env.kind.${env.kind}`).toLowerCase() === name.toLowerCase()) ||
    // The name it shipped with is the kind in English (issue #48 item 9: "Platform sandbox" on German screens).
    SHIPPED_ENVIRONMENT_NAMES[env.kind].toLowerCase() === name.toLowerCase();
  return !name || sameAsKind ? undefined : name;
}

/** How a text names the environment: its own name, else its kind in the clerk's language. */
export function environmentName(locale: Locale, env: Pick<ActiveEnvironment, 'name' | 'kind'>): string {
  return ownEnvironmentName(env) ?? translate(locale, `env.kind.${env.kind}`);
}

/**
 * The badge's text: the kind in the clerk's language, and the environment's own name only when it says
 * more than the kind (never "Lokale Sandbox · Local sandbox": the shipped name is the kind's English label).
 */
export function environmentLabel(locale: Locale, env: ActiveEnvironment): string {
  const kind = translate(locale, `env.kind.${env.kind}`);
  const name = ownEnvironmentName(env);
  return name ? `${kind} · ${name}` : kind;
}
