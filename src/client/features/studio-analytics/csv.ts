import { toCsv } from '../../../shared/analytics/analytics-rules';

/** Saves rows as a CSV file the browser downloads. */
export function downloadCsv(fileName: string, header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): void {
  const blob = new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled, so the download has its data.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
