import { Paper, Select, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { ReportEnvelope } from "../../../../../shared/reports/envelope.ts";
import type { VoucherFlowExtra } from "../../../../../shared/reports/extras.ts";
import { SankeyFlow } from "../../../../components/charts/sankey-chart.tsx";

/** Vouchers › flow: the codes issued in the period step by step, for every channel or one. */
export default function VoucherFlowPart({ envelope }: { envelope: ReportEnvelope }) {
  const { flows } = envelope.extra as VoucherFlowExtra;
  const [channel, setChannel] = useState("all");
  const shown = flows.find((f) => f.channel === channel) ?? flows[0];
  return (
    <Paper withBorder p="md" radius="md" data-testid="voucher-flow">
      <Title order={2} size="h4">
        Van uitgifte tot vaste klant
      </Title>
      <Text size="xs" c="dimmed">
        Codes uitgegeven in de periode: geclaimd, ingewisseld, binnen 90 dagen weer betaald zonder voucher, en
        daarna abonnee of vaste klant (minstens 3 bezoeken in die 90 dagen).
      </Text>
      <Select
        label="Kanaal"
        data={flows.map((f) => ({ value: f.channel, label: f.label }))}
        value={shown?.channel ?? null}
        onChange={(value) => setChannel(value ?? "all")}
        allowDeselect={false}
        w={220}
        mt="xs"
      />
      {shown && shown.flow.links.length > 0 ? (
        <SankeyFlow
          nodes={shown.flow.nodes}
          links={shown.flow.links}
          unit="codes"
          label="Hoeveel codes elke stap bereikten, van kanaal tot vaste klant; de aantallen staan in de tooltip."
        />
      ) : (
        <Text mt="md">Geen codes uitgegeven in deze periode.</Text>
      )}
    </Paper>
  );
}
