import { Button, Group, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { downloadFromApi } from "../../lib/download.ts";
import { reportPath } from "./report-query.ts";
import type { ReportSearch } from "./use-report-filters.ts";

/**
 * Downloads the report as it is on screen (same filters) as an Excel workbook, built on the server:
 * KPI's, the course over time and every table whole, numbers as numbers.
 */
export function ExcelButton({
  id,
  search,
  fileName,
}: {
  id: string;
  search: ReportSearch;
  fileName: string;
}) {
  const download = useMutation({
    mutationFn: () => downloadFromApi(reportPath(id, search, "xlsx"), `${fileName}.xlsx`),
  });
  return (
    <Group gap="xs" data-print="hide">
      {download.isError && (
        <Text size="sm" c="red" role="alert">
          Excel-bestand niet gemaakt: {download.error.message}
        </Text>
      )}
      <Button variant="default" size="xs" loading={download.isPending} onClick={() => download.mutate()}>
        Excel
      </Button>
    </Group>
  );
}
