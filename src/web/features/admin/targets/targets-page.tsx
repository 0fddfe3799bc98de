import { Button, Select, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import {
  monthsOf,
  type SiteTarget,
  TARGET_FIGURES,
  TARGET_LABELS,
  type TargetFigure,
  type TargetSaveResult,
  type TargetYear,
} from "../../../../shared/admin/targets.ts";
import { formatEuro, formatMonth, formatNumber } from "../../../../shared/format.ts";
import { amsterdamDate } from "../../../../shared/time-zone.ts";
import { meQuery } from "../../../lib/me.ts";
import { ADMIN_KEY } from "../api/admin-api.ts";
import { AdminScreen, useNotice } from "../components/admin-screen.tsx";
import { AdminTable, type Column } from "../components/admin-table.tsx";
import { QueryState } from "../components/query-state.tsx";
import { TwoLines } from "../components/two-lines.tsx";
import { targetsQuery } from "./targets-api.ts";
import { TargetsEditor } from "./targets-editor.tsx";

type Site = TargetYear["sites"][number];
interface Row extends Site {
  targets: Map<string, SiteTarget>;
}

const shown: Record<TargetFigure, (value: number) => string> = {
  washes: formatNumber,
  revenueExVatCents: (cents) => formatEuro(cents, true),
  newMembers: formatNumber,
};
const figureText = (target: SiteTarget | undefined, figure: TargetFigure) => {
  const value = target?.[figure] ?? null;
  return value === null ? "–" : shown[figure](value);
};

/** A month's three targets, one a line in the order of the legend; "–" where none is set. */
function MonthCell({ target }: { target: SiteTarget | undefined }) {
  if (!target) return <Text c="dimmed">–</Text>;
  return (
    <Stack gap={0} style={{ whiteSpace: "nowrap" }}>
      {TARGET_FIGURES.map((figure) => (
        <Text key={figure} size="xs" c={target[figure] === null ? "dimmed" : undefined}>
          <VisuallyHidden>{TARGET_LABELS[figure]}: </VisuallyHidden>
          {figureText(target, figure)}
        </Text>
      ))}
    </Stack>
  );
}

/** The grid's columns; `onEdit` (a beheerder's) puts the edit button under the site's name, in view however
 * far the months scroll. */
function columnsOf(year: number, onEdit: ((row: Row) => void) | null): Column<Row>[] {
  const months = monthsOf(year);
  return [
    {
      key: "site",
      label: "Vestiging",
      value: (row) => row.name,
      render: (row) => (
        <Stack gap={4} align="flex-start">
          <TwoLines main={row.name} detail={row.active ? row.code : "niet actief"} strong />
          {onEdit && row.active && (
            <Button size="compact-xs" variant="light" onClick={() => onEdit(row)}>
              Invullen
              <VisuallyHidden> voor {row.name}</VisuallyHidden>
            </Button>
          )}
        </Stack>
      ),
    },
    ...months.map(
      (month): Column<Row> => ({
        key: month,
        label: formatMonth(month, "short"),
        only: "table",
        align: "right",
        value: (row) => row.targets.get(month)?.washes ?? null,
        render: (row) => <MonthCell target={row.targets.get(month)} />,
      }),
    ),
    // The CSV has a column per month and figure, as a spreadsheet wants them.
    ...months.flatMap((month) =>
      TARGET_FIGURES.map(
        (figure): Column<Row> => ({
          key: `${month}-${figure}`,
          label: `${TARGET_LABELS[figure]} ${month}`,
          only: "csv",
          value: (row) => row.targets.get(month)?.[figure] ?? null,
        }),
      ),
    ),
  ];
}

const rowsOf = (data: TargetYear): Row[] =>
  data.sites.map((site) => ({
    ...site,
    targets: new Map(data.targets.filter((t) => t.siteId === site.id).map((t) => [t.month, t])),
  }));

const thisYear = () => Number(amsterdamDate().slice(0, 4));

/** The year of the query string (`?jaar=2026`), this year when absent or not a year. */
function useYear(): [number, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get("jaar"));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2099 ? asked : thisYear();
  return [year, (next) => setParams({ jaar: String(next) }, { replace: true })];
}

const savedMessage = (site: string, year: number, result: TargetSaveResult) => {
  const changed = 12 - result.unchanged;
  return changed === 0
    ? `Doelen van ${site} voor ${year}: er was niets gewijzigd.`
    : `Doelen van ${site} voor ${year} opgeslagen: ${changed} ${changed === 1 ? "maand" : "maanden"} gewijzigd.`;
};

export function TargetsPage({ title }: { title: string }) {
  const [year, setYear] = useYear();
  const query = useQuery(targetsQuery(year));
  const canEdit = useQuery(meQuery).data?.role === "beheerder";
  const queryClient = useQueryClient();
  const notice = useNotice();
  const [editing, setEditing] = useState<Site | null>(null);
  const years = [...new Set([thisYear() - 1, thisYear(), thisYear() + 1, year])].sort();

  return (
    <AdminScreen
      title={title}
      intro={
        canEdit
          ? "Per vestiging en maand: wassen, omzet excl. btw en nieuwe leden. Het dashboard en Prognose zetten 'op koers voor' ertegen af."
          : "Per vestiging en maand: wassen, omzet excl. btw en nieuwe leden. Alleen een beheerder kan ze wijzigen."
      }
      actions={
        <Select
          label="Jaar"
          w={110}
          allowDeselect={false}
          data={years.map(String)}
          value={String(year)}
          onChange={(value) => value && setYear(Number(value))}
        />
      }
      notice={notice.notice}
      onNoticeClose={notice.clear}
    >
      <QueryState query={query} what="de doelen">
        {(data) => (
          <>
            {data.sites.length > 0 && (
              <Text size="sm" c="dimmed">
                {data.targets.length === 0
                  ? `Voor ${year} zijn nog geen doelen gezet. `
                  : `${data.targets.length} vestiging-maanden met doelen. `}
                Per maand staan onder elkaar: wassen, omzet excl. btw, nieuwe leden.
              </Text>
            )}
            <AdminTable
              label={`Doelen ${year}`}
              csvName={`doelen-${year}`}
              rows={rowsOf(data)}
              columns={columnsOf(year, canEdit ? setEditing : null)}
              rowKey={(row) => row.id}
              isActive={(row) => row.active}
              empty={<Text>Er zijn nog geen vestigingen. Voeg ze toe onder Vestigingen.</Text>}
            />
            {editing && (
              <TargetsEditor
                site={editing}
                year={year}
                stored={data.targets}
                onClose={() => setEditing(null)}
                onSaved={(result) => {
                  notice.success(savedMessage(editing.name, year, result));
                  setEditing(null);
                  queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
                }}
              />
            )}
          </>
        )}
      </QueryState>
    </AdminScreen>
  );
}
