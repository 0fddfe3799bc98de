import { ActionIcon, Button, Group } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import {
  type AdminItem,
  type ItemCreate,
  itemCreateSchema,
  itemUpdateSchema,
} from "../../../../shared/admin/items.ts";
import { centsToInput, formatEuro } from "../../../../shared/format.ts";
import { itemsQuery, moveItem, removeItem } from "../api/admin-api.ts";
import { useNotice } from "../components/admin-screen.tsx";
import type { Column } from "../components/admin-table.tsx";
import { EntityScreen } from "../components/entity-screen.tsx";
import { useConfirm, useRowAction } from "../components/row-actions.tsx";
import { activeStatus, statusColumn } from "../components/status-badge.tsx";
import { TwoLines } from "../components/two-lines.tsx";
import { useEntityEditor } from "../components/use-entity-editor.ts";
import { itemKindLabels } from "../labels.ts";
import { ItemFields } from "./item-form.tsx";

const empty: ItemCreate = {
  code: "",
  name: "",
  kind: "programma",
  price: "",
  vatRatePercent: 21,
  description: "",
  active: true,
};

export function ItemsPage({ title }: { title: string }) {
  const query = useQuery(itemsQuery);
  const notice = useNotice();
  const confirm = useConfirm();
  const editor = useEntityEditor<AdminItem, ItemCreate>({
    resource: "items",
    listKey: itemsQuery.queryKey,
    createSchema: itemCreateSchema,
    updateSchema: itemUpdateSchema,
    empty,
    fromRow: (item) => ({
      code: item.code,
      name: item.name,
      kind: item.kind,
      price: centsToInput(item.priceCents),
      vatRatePercent: item.vatRatePercent,
      description: item.description ?? "",
      active: item.active,
    }),
    onSaved: (item, created) => notice.success(`${item.name} is ${created ? "toegevoegd" : "opgeslagen"}.`),
  });
  const move = useRowAction(
    ({ item, direction }: { item: AdminItem; direction: "up" | "down" }) =>
      moveItem(item.id, { direction, version: item.version }),
    notice,
    (item) => `${item.name} is verplaatst.`,
  );
  const remove = useRowAction(removeItem, notice, (removal) =>
    removal.outcome === "deleted"
      ? "Het item is verwijderd."
      : `${removal.item?.name} is al eens verkocht en is daarom gedeactiveerd.`,
  );

  const columns: Column<AdminItem>[] = [
    {
      key: "sortOrder",
      label: "Volgorde",
      only: "table",
      value: (item) => item.sortOrder,
      render: (item) => (
        <Group gap={4} wrap="nowrap">
          {(["up", "down"] as const).map((direction) => (
            <ActionIcon
              key={direction}
              variant="default"
              size="sm"
              aria-label={`${item.name} ${direction === "up" ? "omhoog" : "omlaag"}`}
              onClick={() => move.mutate({ item, direction })}
              disabled={move.isPending}
            >
              <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
            </ActionIcon>
          ))}
        </Group>
      ),
    },
    {
      key: "name",
      label: "Item",
      only: "table",
      value: (item) => item.name,
      render: (item) => <TwoLines main={item.name} detail={item.code} strong />,
    },
    { key: "code", label: "Code", only: "csv", value: (item) => item.code },
    { key: "csvName", label: "Naam", only: "csv", value: (item) => item.name },
    { key: "kind", label: "Soort", value: (item) => itemKindLabels[item.kind] },
    {
      key: "price",
      label: "Prijs incl. btw",
      align: "right",
      nowrap: true,
      value: (item) => item.priceCents,
      csv: (item) => centsToInput(item.priceCents),
      render: (item) => formatEuro(item.priceCents),
    },
    {
      key: "vat",
      label: "Btw",
      align: "right",
      value: (item) => item.vatRatePercent,
      render: (item) => `${item.vatRatePercent}%`,
    },
    statusColumn((item) => activeStatus(item.active)),
  ];

  return (
    <EntityScreen
      resource="items"
      title={title}
      intro="Wasprogramma's, extra's en abonnementen met hun prijs. De volgorde is die op de kassa en in de rapporten."
      addLabel="Item toevoegen"
      label="Items"
      csvName="items"
      emptyText="Er zijn nog geen items. Voeg het eerste wasprogramma toe."
      query={query}
      columns={columns}
      editor={editor}
      notice={notice}
      confirm={confirm}
      name={(item) => item.name}
      consequence="Het item is dan niet meer te koop. Oude verkopen blijven het item noemen."
      actions={(item) =>
        !item.everSold && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Verwijderen: ${item.name}`}
            onClick={() =>
              confirm.ask({
                title: `${item.name} verwijderen?`,
                message:
                  "Dit item is nooit verkocht en kan dus helemaal weg. Dit kan niet ongedaan worden gemaakt.",
                confirmLabel: "Verwijderen",
                onConfirm: () => remove.mutate(item),
              })
            }
          >
            Verwijderen
          </Button>
        )
      }
      fields={<ItemFields form={editor.form} editing={editor.editing !== null} />}
    />
  );
}
