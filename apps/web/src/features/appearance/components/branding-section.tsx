import { ImageUp } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { SettingsSection } from './settings-section';

const SWATCHES = ['bg-teal-700', 'bg-sky-700', 'bg-indigo-700', 'bg-rose-700', 'bg-amber-600'];

/** Spec section 2: the branding card is shown but does nothing yet; it says so. */
export function BrandingSection() {
  return (
    <SettingsSection
      id="branding"
      title={
        <span className="flex items-center gap-2">
          <FormattedMessage id="appearance.branding.title" />
          <Badge>
            <FormattedMessage id="common.soon" />
          </Badge>
        </span>
      }
      description={<FormattedMessage id="appearance.branding.description" />}
    >
      <div className="flex flex-col gap-5 opacity-75">
        <div className="flex items-center gap-4">
          <span className="grid size-16 place-items-center rounded-xl border border-dashed border-slate-300 dark:border-white/15">
            <Logo className="size-10" />
          </span>
          <Button variant="secondary" disabled>
            <ImageUp className="size-4" aria-hidden="true" />
            <FormattedMessage id="appearance.branding.upload" />
          </Button>
        </div>
        <div>
          <p className="mb-2 text-sm font-medium">
            <FormattedMessage id="appearance.branding.color" />
          </p>
          <div className="flex gap-2" aria-hidden="true">
            {SWATCHES.map((swatch, index) => (
              <span
                key={swatch}
                className={`size-8 rounded-full ${swatch} ${index === 0 ? 'ring-2 ring-teal-700 ring-offset-2 dark:ring-offset-slate-900' : ''}`}
              />
            ))}
          </div>
        </div>
      </div>
    </SettingsSection>
  );
}
