import { Activity } from 'lucide-react';
import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { CreatedToken } from '../api/token-types';
import { metricsUrl, scrapeConfig } from '../utils/scrape-config';
import { CopyButton } from './copy-button';
import { IntegrationSection } from './section';

/**
 * "Prometheus-Metriken": where Prometheus reads the metrics, and a job for its prometheus.yml to
 * copy. A read token just made is filled in; otherwise a placeholder says where a token goes.
 */
export function MetricsSection({
  origin,
  revealed,
}: {
  /** The address the app runs at (window.location.origin). */
  origin: string;
  revealed: CreatedToken | null;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const ids = useId();
  const snippet = useRef<HTMLPreElement>(null);
  // Prometheus only reads: a write token has no place in its configuration.
  const token = revealed?.access === 'read' ? revealed.token : null;
  const config = scrapeConfig({
    origin,
    token,
    placeholder: t('integrations.metrics.placeholder'),
  });
  const url = metricsUrl(origin);
  return (
    <IntegrationSection
      id="metrics"
      icon={<Activity className="size-5 text-primary" aria-hidden="true" />}
      title={t('integrations.metrics.title')}
      text={t('integrations.metrics.text')}
    >
      <div>
        <p className="text-sm font-medium">{t('integrations.metrics.url')}</p>
        <code className="mt-1 block font-mono text-sm break-all">{url}</code>
      </div>
      <div>
        <p id={`${ids}-snippet`} className="text-sm font-medium">
          {t('integrations.metrics.snippet')}
        </p>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
          {t(token ? 'integrations.metrics.withToken' : 'integrations.metrics.withoutToken')}
        </p>
        <pre
          ref={snippet}
          tabIndex={0}
          aria-labelledby={`${ids}-snippet`}
          className="mt-2 overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-[13px] leading-relaxed text-slate-900 dark:bg-slate-950 dark:text-slate-100"
        >
          {config}
        </pre>
        <CopyButton
          className="mt-2"
          text={config}
          target={snippet}
          label={t('integrations.metrics.copy')}
        />
      </div>
    </IntegrationSection>
  );
}
