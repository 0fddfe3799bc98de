import { List, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { type AdStatRow, adStatKey } from "../../../../shared/ad-stats.ts";
import { formatDate, formatEuro, formatNumber } from "../../../../shared/format.ts";
import { describeFormat, type ImportPreview, type ImportTotals } from "../../../../shared/imports.ts";
import { ImportErrors } from "../components/import-errors.tsx";
import { fieldLabel } from "./labels.ts";

const conversionsFormat = new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 2 });

/** What an import of the chosen file would do: recognised format, periods it replaces, totals, errors, rows. */
export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  const recognised = preview.format !== "unknown";
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Voorbeeld van {preview.fileName}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <Figure label="Herkend als" value={recognised ? describeFormat(preview.format) : "Niet herkend"} />
        <Figure label="Regels gelezen" value={formatNumber(preview.rowsRead)} />
        <Figure label="Te importeren rijen" value={formatNumber(preview.rowsToImport)} />
      </SimpleGrid>
      {preview.periods.length > 0 && (
        <List size="sm" spacing={2}>
          {preview.periods.map((period) => (
            <List.Item key={period.account}>
              Account <strong>{period.account}</strong>: {formatDate(period.from)} t/m {formatDate(period.to)}{" "}
              —{" "}
              {period.existingRows > 0
                ? `vervangt ${formatNumber(period.existingRows)} opgeslagen ${period.existingRows === 1 ? "rij" : "rijen"}`
                : "nog niets opgeslagen"}
            </List.Item>
          ))}
        </List>
      )}
      {preview.errors.length > 0 && (
        <ImportErrors
          errors={preview.errors}
          fieldLabel={fieldLabel}
          hint="Verbeter de regels hieronder in het bestand (of kies het juiste platform of account) en kies het bestand opnieuw."
        />
      )}
      {preview.rows.length > 0 && (
        <>
          <TotalsLine totals={preview.totals} />
          <RowsTable rows={preview.rows} total={preview.rowsToImport} />
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function TotalsLine({ totals }: { totals: ImportTotals }) {
  return (
    <Text size="sm">
      Totaal: {formatNumber(totals.impressions)} vertoningen, {formatNumber(totals.clicks)} klikken,{" "}
      {formatEuro(totals.spendCents)} kosten, {conversionsFormat.format(totals.conversions)} conversies,{" "}
      {formatEuro(totals.conversionValueCents)} conversiewaarde.
    </Text>
  );
}

const MATCH_TYPES = { exact: "exact", phrase: "woordgroep", broad: "breed" } as const;

/** Ad group or ad set, then the finest object the row describes; a keyword with its match type. */
const objectOf = (row: AdStatRow) => {
  const keyword =
    row.keyword && (row.matchType ? `${row.keyword} [${MATCH_TYPES[row.matchType]}]` : row.keyword);
  return [row.adGroup, keyword ?? row.ad ?? row.affiliate].filter(Boolean).join(" › ") || "—";
};

function RowsTable({ rows, total }: { rows: AdStatRow[]; total: number }) {
  return (
    <Table.ScrollContainer minWidth={900} maxHeight={420}>
      <Table striped highlightOnHover withTableBorder fz="sm">
        <Table.Caption>
          {rows.length < total
            ? `De eerste ${formatNumber(rows.length)} van ${formatNumber(total)} rijen die worden geïmporteerd`
            : "De rijen die worden geïmporteerd"}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Datum</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>Campagne</Table.Th>
            <Table.Th>Groep › advertentie, zoekwoord of affiliate</Table.Th>
            <Table.Th ta="right">Vertoningen</Table.Th>
            <Table.Th ta="right">Klikken</Table.Th>
            <Table.Th ta="right">Kosten</Table.Th>
            <Table.Th ta="right">Conversies</Table.Th>
            <Table.Th ta="right">Waarde</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={adStatKey(row)}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(row.date)}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{row.account}</Table.Td>
              <Table.Td>{row.campaign}</Table.Td>
              <Table.Td>{objectOf(row)}</Table.Td>
              <Table.Td ta="right">{formatNumber(row.impressions)}</Table.Td>
              <Table.Td ta="right">{formatNumber(row.clicks)}</Table.Td>
              <Table.Td ta="right">{formatEuro(row.spendCents)}</Table.Td>
              <Table.Td ta="right">{conversionsFormat.format(row.conversions)}</Table.Td>
              <Table.Td ta="right">{formatEuro(row.conversionValueCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
