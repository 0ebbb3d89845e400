import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { downloadCsv } from './csv';

/** A chart with its numbers as a table (for screen readers and anyone who wants them) and as a CSV file. */
export function ChartFigure({
  title,
  description,
  csvName,
  header,
  rows,
  children,
}: {
  title: string;
  description?: string;
  csvName: string;
  header: string[];
  rows: (string | number)[][];
  children?: ReactNode;
}) {
  const id = csvName.replace(/\W+/g, '-');
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`${id}-title`} className="font-semibold">
            {title}
          </h2>
          {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
        </div>
        <Button variant="outline" size="sm" onClick={() => downloadCsv(csvName, header, rows)} aria-label={`Download ${title} as CSV`}>
          <Download aria-hidden /> CSV
        </Button>
      </div>
      {children}
      <DataTable caption={title} header={header} rows={rows} collapsible={!!children} />
    </section>
  );
}

function DataTable({ caption, header, rows, collapsible }: { caption: string; header: string[]; rows: (string | number)[][]; collapsible: boolean }) {
  const table = (
    <div
      tabIndex={0}
      role="region"
      aria-label={`${caption}: table`}
      className="max-h-72 overflow-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-background">
          <tr>
            {header.map((h) => (
              <th key={h} scope="col" className="px-2 py-1 font-medium text-muted-foreground">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t">
              {r.map((v, j) =>
                j === 0 ? (
                  <th key={j} scope="row" className="px-2 py-1 font-normal">
                    {v}
                  </th>
                ) : (
                  <td key={j} className="px-2 py-1">
                    {v}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (!collapsible) return table;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
        Show as a table
      </summary>
      <div className="mt-2">{table}</div>
    </details>
  );
}
