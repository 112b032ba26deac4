import { useLocale, useT } from '../i18n/i18n';
import { environmentLabel, environmentName, useActiveEnvironment } from './active-environment';

/**
 * Where uploads go, at the top of the window beside the screens (issue #36 item 8: the status bar at the
 * foot is where nobody looks); production in red, with the red band over the window (app.css).
 */
export function EnvBadge() {
  const t = useT();
  const locale = useLocale();
  const env = useActiveEnvironment();
  if (!env) return null;
  return (
    <span
      className={`env-badge env-${env.kind}`}
      data-testid="env-badge"
      data-kind={env.kind}
      title={`${t('status.environment')}: ${environmentName(locale, env)}`}
    >
      {environmentLabel(locale, env)}
    </span>
  );
}
