import { Paper, Text, Title } from "@mantine/core";
import { formatList } from "../../../../../shared/format.ts";
import type { ReportEnvelope } from "../../../../../shared/reports/envelope.ts";
import type { CohortsExtra } from "../../../../../shared/reports/extras.ts";
import { CohortMatrix } from "../../../../components/charts/cohort-matrix.tsx";
import { bucketLabel } from "../../../../components/reports/bucket-label.ts";

/** Nieuw / Terugkerend: the monthly cohort retention matrix. */
export default function CohortsPart({ envelope }: { envelope: ReportEnvelope }) {
  const { cohorts } = envelope.extra as CohortsExtra;
  const sites = envelope.sites.length ? formatList(envelope.sites.map((site) => site.name)) : null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="cohort-matrix">
      <Title order={2} size="h4">
        Cohorten: wie komt er terug?
      </Title>
      <Text size="sm" c="dimmed" mb="sm" maw={820}>
        Per maand de kentekens die toen voor het eerst ooit kwamen
        {sites ? `, bij ${sites}` : ""}, en welk deel van hen in de maanden daarna terugkwam
        {sites ? (envelope.sites.length > 1 ? " naar deze vestigingen" : " naar deze vestiging") : ""}. De
        twaalf maanden tot en met het einde van de periode.
      </Text>
      <CohortMatrix
        cohortHeading="Eerste bezoek"
        caption="Maand 0 is de maand van het eerste bezoek; een leeg vak is een maand die nog moet komen."
        columnLabel={(index) => `Maand ${index}`}
        rows={cohorts.rows.map((row) => ({
          label: bucketLabel(row.month, "month"),
          size: row.plates,
          cells: row.retention.map((cell) => cell && { count: cell.plates, share: cell.share }),
        }))}
      />
    </Paper>
  );
}
