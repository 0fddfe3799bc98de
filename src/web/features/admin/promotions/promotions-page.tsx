import { Button, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  type AdminPromotion,
  type PromotionCreate,
  promotionCreateSchema,
  promotionUpdateSchema,
} from "../../../../shared/admin/promotions.ts";
import { centsToInput, formatDate, formatEuro, formatNumber } from "../../../../shared/format.ts";
import { amsterdamDate } from "../../../../shared/time-zone.ts";
import { promotionsQuery } from "../api/admin-api.ts";
import { useNotice } from "../components/admin-screen.tsx";
import type { Column } from "../components/admin-table.tsx";
import { EntityScreen } from "../components/entity-screen.tsx";
import { useConfirm } from "../components/row-actions.tsx";
import { activeStatus, type Status, statusColumn } from "../components/status-badge.tsx";
import { TwoLines } from "../components/two-lines.tsx";
import { useEntityEditor } from "../components/use-entity-editor.ts";
import { channelLabels } from "../labels.ts";
import { PromotionFields } from "./promotion-form.tsx";
import { VoucherModal } from "./voucher-modal.tsx";

const empty = (): PromotionCreate => ({
  code: "",
  name: "",
  kind: "percentage",
  value: "",
  itemIds: [],
  channel: "website",
  affiliateId: null,
  validFrom: amsterdamDate(),
  validTo: null,
  maxRedemptions: null,
  active: true,
});

/** "20%", "€ 5,00" or "Gratis upgrade". */
function discount(promotion: AdminPromotion): string {
  if (promotion.kind === "percentage") return `${promotion.value}%`;
  if (promotion.kind === "bedrag") return formatEuro(promotion.value);
  return "Gratis upgrade";
}

const limit = (p: AdminPromotion) =>
  p.maxRedemptions === null ? "" : `max. ${formatNumber(p.maxRedemptions)} keer`;
const until = (p: AdminPromotion) => (p.validTo ? `t/m ${formatDate(p.validTo)}` : "geen einddatum");

/** Switched on is not the whole story: a promotion may not have started yet, or have ended. */
function promotionStatus(p: AdminPromotion): Status {
  const day = amsterdamDate();
  if (p.active && p.validTo !== null && p.validTo < day) return { label: "Verlopen", tone: "neutral" };
  if (p.active && p.validFrom > day) return { label: "Gepland", tone: "neutral" };
  return activeStatus(p.active);
}

const voucherCounts = (p: AdminPromotion) => [
  `${formatNumber(p.issued)} uitgegeven`,
  `${formatNumber(p.claimed)} geclaimd`,
  `${formatNumber(p.redeemed)} verzilverd`,
];

const count = (key: "issued" | "claimed" | "redeemed", label: string): Column<AdminPromotion> => ({
  key,
  label,
  only: "csv",
  value: (p) => p[key],
});

// In the table the code shares the name's cell, the redemption limit the discount's, the end date the
// start's and the three voucher counts one cell, so that the row's buttons fit on a laptop screen; the CSV
// has them one per column.
const columns: Column<AdminPromotion>[] = [
  {
    key: "name",
    label: "Actie",
    only: "table",
    value: (p) => p.name,
    render: (p) => <TwoLines main={p.name} detail={p.code} strong />,
  },
  { key: "code", label: "Code", only: "csv", value: (p) => p.code },
  { key: "csvName", label: "Naam", only: "csv", value: (p) => p.name },
  {
    key: "discount",
    label: "Korting",
    nowrap: true,
    value: discount,
    render: (p) => <TwoLines main={discount(p)} detail={limit(p)} />,
  },
  { key: "maxRedemptions", label: "Maximaal aantal keer", only: "csv", value: (p) => p.maxRedemptions },
  { key: "channel", label: "Kanaal", value: (p) => channelLabels[p.channel] },
  {
    key: "validFrom",
    label: "Geldig",
    only: "table",
    nowrap: true,
    value: (p) => p.validFrom,
    render: (p) => <TwoLines main={formatDate(p.validFrom)} detail={until(p)} />,
  },
  { key: "csvFrom", label: "Geldig vanaf", only: "csv", value: (p) => formatDate(p.validFrom) },
  {
    key: "csvTo",
    label: "Geldig tot en met",
    only: "csv",
    value: (p) => (p.validTo ? formatDate(p.validTo) : null),
  },
  {
    key: "vouchers",
    label: "Vouchers",
    only: "table",
    nowrap: true,
    value: (p) => p.issued,
    render: (p) => (
      <Stack gap={0}>
        {voucherCounts(p).map((line) => (
          <Text key={line} size="xs">
            {line}
          </Text>
        ))}
      </Stack>
    ),
  },
  count("issued", "Uitgegeven"),
  count("claimed", "Geclaimd"),
  count("redeemed", "Verzilverd"),
  statusColumn(promotionStatus),
];

export function PromotionsPage({ title }: { title: string }) {
  const notice = useNotice();
  const editor = useEntityEditor<AdminPromotion, PromotionCreate>({
    resource: "promotions",
    listKey: promotionsQuery.queryKey,
    createSchema: promotionCreateSchema,
    updateSchema: promotionUpdateSchema,
    empty: empty(),
    fromRow: (p) => ({
      code: p.code,
      name: p.name,
      kind: p.kind,
      value: p.kind === "percentage" ? String(p.value) : p.kind === "bedrag" ? centsToInput(p.value) : "",
      itemIds: p.itemIds,
      channel: p.channel,
      affiliateId: p.affiliateId,
      validFrom: p.validFrom,
      validTo: p.validTo,
      maxRedemptions: p.maxRedemptions,
      active: p.active,
    }),
    onSaved: (p, created) => notice.success(`${p.name} is ${created ? "toegevoegd" : "opgeslagen"}.`),
  });
  const query = useQuery(promotionsQuery);
  const [voucherId, setVoucherId] = useState<number | null>(null);

  return (
    <EntityScreen
      resource="promotions"
      title={title}
      intro="Kortingsacties per kanaal, met hun vouchercodes en hoe vaak die zijn uitgegeven, geclaimd en verzilverd."
      addLabel="Actie toevoegen"
      label="Acties"
      csvName="acties"
      emptyText="Er zijn nog geen acties."
      query={query}
      columns={columns}
      editor={editor}
      notice={notice}
      confirm={useConfirm()}
      name={(p) => p.name}
      consequence="De korting geldt dan niet meer, ook niet voor al uitgegeven vouchers."
      actions={(p) => (
        <Button
          size="xs"
          variant="default"
          onClick={() => setVoucherId(p.id)}
          aria-label={`Vouchers: ${p.name}`}
        >
          Vouchers
        </Button>
      )}
      fields={<PromotionFields form={editor.form} editing={editor.editing !== null} />}
    >
      <VoucherModal
        promotion={query.data?.find((p) => p.id === voucherId) ?? null}
        onClose={() => setVoucherId(null)}
      />
    </EntityScreen>
  );
}
