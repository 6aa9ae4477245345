import { BookOpen, ExternalLink, FileJson } from 'lucide-react';
import { useIntl } from 'react-intl';
import { IntegrationSection } from './section';

/** Where the API page and the OpenAPI description are: at the server's root, not in the app. */
export const API_DOCS_PATH = '/api/docs/';
export const OPENAPI_PATH = '/api/openapi.json';

const linkClass =
  'inline-flex items-center gap-2 font-medium text-teal-800 underline underline-offset-2 hover:text-teal-950 dark:text-teal-300 dark:hover:text-teal-200';

/** "API": the API page (a new tab) and the OpenAPI 3.1 description of both APIs. */
export function ApiSection() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <IntegrationSection
      id="api"
      icon={<BookOpen className="size-5 text-primary" aria-hidden="true" />}
      title={t('integrations.api.title')}
      text={t('integrations.api.text')}
    >
      <ul className="flex flex-col gap-2 text-sm">
        <li>
          <a href={API_DOCS_PATH} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {t('integrations.api.docs')}
            <ExternalLink className="size-4" aria-hidden="true" />{' '}
            <span className="sr-only">{t('integrations.api.newTab')}</span>
          </a>
        </li>
        <li>
          <a href={OPENAPI_PATH} className={linkClass}>
            <FileJson className="size-4" aria-hidden="true" />
            {t('integrations.api.openapi')}
          </a>
        </li>
      </ul>
    </IntegrationSection>
  );
}
