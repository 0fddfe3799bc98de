import { Paper, Text, Title } from "@mantine/core";
import type { ReportEnvelope } from "../../../../../shared/reports/envelope.ts";
import type { MemberCohortsExtra } from "../../../../../shared/reports/extras.ts";
import { CohortMatrix } from "../../../../components/charts/cohort-matrix.tsx";
import { bucketLabel } from "../../../../components/reports/bucket-label.ts";

/** Abonnementen › Cohorten: per signup month, the share of its members still active month after month. */
export default function MemberCohortsPart({ envelope }: { envelope: ReportEnvelope }) {
  const { cohorts } = envelope.extra as MemberCohortsExtra;
  return (
    <Paper withBorder p="md" radius="md" data-testid="member-cohort-matrix">
      <Title order={2} size="h4">
        Hoe lang blijven leden?
      </Title>
      <Text size="sm" c="dimmed" mb="sm" maw={820}>
        Per maand de leden die zich toen aanmeldden, en welk deel van hen aan het eind van elke maand daarna
        nog lid was (niet opgezegd en niet gepauzeerd). De 24 maanden tot en met het einde van de periode.
      </Text>
      <CohortMatrix
        cohortHeading="Aangemeld"
        sizeHeading="Leden"
        caption="Maand 0 is de maand van aanmelding, gemeten aan het eind ervan; een leeg vak is een maand die nog niet voorbij is."
        columnLabel={(index) => `Maand ${index}`}
        rows={cohorts.rows.map((row) => ({
          label: bucketLabel(row.month, "month"),
          size: row.members,
          cells: row.retention.map((cell) => cell && { count: cell.members, share: cell.share }),
        }))}
      />
    </Paper>
  );
}
