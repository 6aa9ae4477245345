import { apiGetFile } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { exportPath, type ExportPeriod, type ExportStep } from '../utils/export-period';

/**
 * Every room's history as one CSV (`GET /api/history/export.csv`), fetched with the user's
 * credentials as the room page's CSV is (a plain link cannot carry them) and saved under the
 * server's file name. The answer streams; the browser keeps it as a Blob.
 */
export async function downloadBuildingExport(
  period: ExportPeriod,
  step: ExportStep,
  floor: number | null,
  lang: 'de' | 'en',
) {
  const { blob, filename } = await apiGetFile(exportPath(period, step, floor, lang));
  saveBlob(blob, filename ?? `export-${period.from}-${period.to}.csv`);
}
