import { Paper, Text, Title } from "@mantine/core";
import type { ReportEnvelope } from "../../../../../shared/reports/envelope.ts";
import type { CohortsExtra } from "../../../../../shared/reports/extras.ts";
import { CohortMatrix } from "../../../../components/charts/cohort-matrix.tsx";
import { bucketLabel } from "../../../../components/reports/bucket-label.ts";

/** Nieuw / Terugkerend: the monthly cohort retention matrix. */
export default function CohortsPart({ envelope }: { envelope: ReportEnvelope }) {
  const { cohorts } = envelope.extra as CohortsExtra;
  const site = envelope.site;
  return (
    <Paper withBorder p="md" radius="md" data-testid="cohort-matrix">
      <Title order={2} size="h4">
        Cohorten: wie komt er terug?
      </Title>
      <Text size="sm" c="dimmed" mb="sm" maw={820}>
        Per maand de kentekens die toen voor het eerst ooit kwamen
        {site ? `, bij ${site.name}` : ""}, en welk deel van hen in de maanden daarna terugkwam
        {site ? " naar deze vestiging" : ""}. De twaalf maanden tot en met het einde van de periode.
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
