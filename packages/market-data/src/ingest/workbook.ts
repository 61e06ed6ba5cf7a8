import type ExcelJS from 'exceljs';
import type { SheetRow } from './parsers/wide-statements.ts';

/** A cell's value as the text a CSV export would show: dates as YYYY-MM-DD, formulas by result. */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return v;
  if ('result' in v) return cellText((v.result ?? null) as ExcelJS.CellValue);
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('text' in v) return String(v.text);
  if ('error' in v) return '';
  return '';
}

/** The worksheets of an .xlsx workbook, each as rows of text cells (1-based row numbers as lines). */
export async function readWorkbook(bytes: Uint8Array): Promise<{ name: string; rows: SheetRow[] }[]> {
  // Loaded on first use: a second of start-up for every server process otherwise.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const rows: SheetRow[] = [];
    ws.eachRow({ includeEmpty: false }, (row, n) => {
      const values = row.values as ExcelJS.CellValue[];
      rows.push({
        line: n,
        cells: Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1])),
      });
    });
    return { name: ws.name, rows };
  });
}
