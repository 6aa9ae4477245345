import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMqttStatus } from '@/lib/mqtt-status';
import { useNow } from '@/lib/use-now';
import type { CreatedToken } from '../api/token-types';
import { dayOf } from '../utils/describe';
import { ApiSection } from './api-section';
import { MetricsSection } from './metrics-section';
import { MqttSection } from './mqtt-section';
import { TokensSection } from './tokens-section';

/**
 * "Integrationen" (`/integrations`, issue 35): what other tools need to reach the building
 * without a password. One section each: access tokens, the Prometheus metrics, the API
 * description; a section for MQTT (issue 36) goes in the same way. The token just made is the
 * page's, so the metrics' snippet can carry it while its secret is shown.
 */
export function IntegrationsPage({
  canWrite,
  manager,
  origin = window.location.origin,
}: {
  /** Whether the user may change temperatures: only then may a token write. */
  canWrite: boolean;
  /** A building-wide manager: sees and revokes everyone's tokens. */
  manager: boolean;
  origin?: string;
}) {
  const intl = useIntl();
  const now = useNow();
  const [revealed, setRevealed] = useState<CreatedToken | null>(null);
  const mqtt = useMqttStatus(true);
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          {intl.formatMessage({ id: 'integrations.title' })}
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {intl.formatMessage({ id: 'integrations.subtitle' })}
        </p>
      </div>
      <TokensSection
        canWrite={canWrite}
        manager={manager}
        now={now}
        today={dayOf(now)}
        revealed={revealed}
        onReveal={setRevealed}
      />
      <MetricsSection origin={origin} revealed={revealed} />
      {mqtt?.enabled && <MqttSection status={mqtt} now={now} />}
      <ApiSection />
    </div>
  );
}
