import { Paper, Text, Title } from "@mantine/core";
import type { ReportEnvelope } from "../../../../../shared/reports/envelope.ts";
import type { AcquisitionExtra } from "../../../../../shared/reports/extras.ts";
import { SankeyFlow } from "../../../../components/charts/sankey-chart.tsx";

// The journey sankey of Acquisitie › Overzicht: channel → voucher claimed → first wash (a new customer) or a
// redemption by a customer seen before, or not redeemed → a second visit.

export default function JourneyPart({ envelope }: { envelope: ReportEnvelope }) {
  const { journey } = envelope.extra as AcquisitionExtra;
  return (
    <Paper withBorder p="md" radius="md" data-testid="journey-sankey">
      <Title order={2} size="h4">
        Van voucher naar vaste klant
      </Title>
      <Text size="xs" c="dimmed">
        Vouchers die in de periode op de website zijn geclaimd, naar het kanaal van de sessie: ingewisseld bij
        de eerste wasbeurt ooit van een kenteken (een nieuwe klant), door een kenteken dat al eerder kwam, of
        (nog) niet; en of de nieuwe klant daarna terugkwam.
      </Text>
      {journey.links.length === 0 ? (
        <Text size="sm" mt="md">
          Geen vouchers geclaimd in deze periode.
        </Text>
      ) : (
        <SankeyFlow
          nodes={journey.nodes.map((node) => ({
            id: node.id,
            label: node.label,
            side: node.depth === 0 ? "from" : "to",
            depth: node.depth,
          }))}
          links={journey.links}
          unit="vouchers"
          label="Geclaimde vouchers per kanaal, hoe ze werden ingewisseld en hoeveel nieuwe klanten een tweede keer kwamen; de cijfers per kanaal staan in de tabel Per kanaal."
        />
      )}
    </Paper>
  );
}
