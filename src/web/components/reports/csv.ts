import type { Table } from "../../../shared/reports/envelope.ts";
import { tableCsvFile } from "../../../shared/reports/table-csv.ts";
import { downloadText } from "../../lib/download.ts";

/** Offers the table as a CSV download: the same file as `GET /api/reports/<id>.csv?table=<key>`. */
export function downloadTableCsv(fileName: string, table: Table): void {
  downloadText(fileName, tableCsvFile(table), "text/csv;charset=utf-8");
}
