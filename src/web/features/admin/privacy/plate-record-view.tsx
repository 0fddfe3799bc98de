import { Stack, Text, Title } from "@mantine/core";
import type {
  PlateRead,
  PlateRecord,
  PlateTransaction,
  PlateVisit,
  PlateVoucher,
} from "../../../../shared/admin/privacy.ts";
import { formatDateTime, formatEuro, formatPercent } from "../../../../shared/format.ts";
import { formatPlate } from "../../../../shared/plates.ts";
import { AdminTable, type Column } from "../components/admin-table.tsx";
import { channelLabels } from "../labels.ts";

// Everything stored about one plate, a table per kind; each table exports its own CSV.

/** A time column: shown as `21-11-2026 14:46`, sorted and exported as the instant itself. */
function momentColumn<T>(key: string, label: string, get: (row: T) => string | null): Column<T> {
  return {
    key,
    label,
    value: get,
    render: (row) => {
      const value = get(row);
      return value === null ? "" : formatDateTime(value);
    },
    nowrap: true,
  };
}

const readColumns: Column<PlateRead>[] = [
  momentColumn("readAt", "Moment", (r) => r.readAt),
  { key: "site", label: "Vestiging", value: (r) => r.site },
  { key: "lane", label: "Wasstraat", value: (r) => r.lane, align: "right" },
  { key: "camera", label: "Camera", value: (r) => r.camera },
  { key: "plate", label: "Kenteken", value: (r) => formatPlate(r.plate), nowrap: true },
  { key: "rawPlate", label: "Ruwe lezing", value: (r) => r.rawPlate },
  {
    key: "confidence",
    label: "Zekerheid",
    align: "right",
    value: (r) => r.confidence,
    render: (r) => (r.confidence === null ? "" : formatPercent(r.confidence)),
  },
  { key: "direction", label: "Richting", value: (r) => (r.direction === "in" ? "In" : "Uit") },
];

const visitColumns: Column<PlateVisit>[] = [
  momentColumn("visitAt", "Aankomst", (v) => v.visitAt),
  { key: "site", label: "Vestiging", value: (v) => v.site },
  { key: "purchased", label: "Met aankoop", value: (v) => (v.purchased ? "Ja" : "Nee") },
];

const transactionColumns: Column<PlateTransaction>[] = [
  momentColumn("occurredAt", "Moment", (t) => t.occurredAt),
  { key: "site", label: "Vestiging", value: (t) => t.site },
  { key: "items", label: "Gekocht", value: (t) => t.items },
  {
    key: "totalCents",
    label: "Bedrag",
    align: "right",
    nowrap: true,
    value: (t) => t.totalCents,
    render: (t) => formatEuro(t.totalCents),
    csv: (t) => (t.totalCents / 100).toFixed(2).replace(".", ","),
  },
  { key: "paymentMethod", label: "Betaling", value: (t) => t.paymentMethod },
  {
    key: "salesChannel",
    label: "Kanaal",
    value: (t) => (t.salesChannel === "online" ? "Online" : "Vestiging"),
  },
  { key: "voucherCode", label: "Voucher", value: (t) => t.voucherCode },
  { key: "customerPostcode", label: "Postcode", value: (t) => t.customerPostcode },
];

const voucherColumns: Column<PlateVoucher>[] = [
  { key: "code", label: "Code", value: (v) => v.code, nowrap: true },
  { key: "promotion", label: "Actie", value: (v) => v.promotion },
  {
    key: "channel",
    label: "Kanaal",
    value: (v) => channelLabels[v.channel as keyof typeof channelLabels] ?? v.channel,
  },
  momentColumn("claimedAt", "Geclaimd", (v) => v.claimedAt),
  momentColumn("redeemedAt", "Verzilverd", (v) => v.redeemedAt),
];

function Section<T>(props: {
  title: string;
  csvName: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
}) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {props.title}
      </Title>
      <AdminTable
        label={props.title}
        csvName={props.csvName}
        rows={props.rows}
        columns={props.columns}
        rowKey={props.rowKey}
        empty={
          <Text size="sm" c="dimmed">
            Geen.
          </Text>
        }
      />
    </Stack>
  );
}

export function PlateRecordView({ record }: { record: PlateRecord }) {
  const name = `kenteken-${record.plate}`;
  return (
    <Stack gap="lg">
      <Section
        title="Lezingen"
        csvName={`${name}-lezingen`}
        rows={record.reads}
        columns={readColumns}
        rowKey={(r) => `${r.readAt} ${r.site} ${r.camera}`}
      />
      <Section
        title="Bezoeken"
        csvName={`${name}-bezoeken`}
        rows={record.visits}
        columns={visitColumns}
        rowKey={(v) => `${v.visitAt} ${v.site}`}
      />
      <Section
        title="Verkopen"
        csvName={`${name}-verkopen`}
        rows={record.transactions}
        columns={transactionColumns}
        rowKey={(t) => t.id}
      />
      <Section
        title="Vouchers"
        csvName={`${name}-vouchers`}
        rows={record.vouchers}
        columns={voucherColumns}
        rowKey={(v) => v.code}
      />
    </Stack>
  );
}
