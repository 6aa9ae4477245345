import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';

const ExportDialog = lazy(() => import('./export-dialog'));

/**
 * "Alle Räume exportieren…" (issue 32): opens the export dialog, which starts with the
 * overview's floor filter.
 */
export function ExportAll({
  floor,
  floors,
}: {
  floor: number | null;
  floors: readonly { id: number; name: string }[];
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Download aria-hidden="true" className="mr-2 size-4" />
        {intl.formatMessage({ id: 'overview.export.open' })}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog floor={floor} floors={floors} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
