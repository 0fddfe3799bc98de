import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PrivacyStatus } from "../../../../shared/admin/privacy.ts";
import { formatDateTime, formatNumber } from "../../../../shared/format.ts";
import { ADMIN_KEY, privacyQuery, runRetention } from "../api/admin-api.ts";
import { QueryState } from "../components/query-state.tsx";

const counted = (counts: { plates: number; reads: number; transactions: number }) =>
  `${formatNumber(counts.plates)} kentekens (${formatNumber(counts.reads)} lezingen, ${formatNumber(counts.transactions)} verkopen)`;

function Status({ status }: { status: PrivacyStatus }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        {status.retentionDays === null
          ? "Uit: kentekens worden bewaard tot ze gewist worden (PLATE_RETENTION_DAYS=0)."
          : `Een kenteken dat ${formatNumber(status.retentionDays)} dagen niet gezien is, wordt in zijn hele geschiedenis vervangen door een pseudoniem. Bezoeken, cohorten en klantreizen blijven kloppen.`}
      </Text>
      <Text size="sm" c="dimmed">
        {status.lastRun
          ? `Laatst uitgevoerd op ${formatDateTime(status.lastRun.ranAt)}: ${counted(status.lastRun)} gepseudonimiseerd. Sinds het begin: ${counted(status.total)}.`
          : "Nog niet uitgevoerd; de server doet het een minuut na het starten en daarna elke zes uur."}
      </Text>
    </Stack>
  );
}

/** The retention setting, when it last ran and what it did, and a button to run it now. */
export function RetentionPanel({ onError }: { onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  const status = useQuery(privacyQuery);
  const run = useMutation({
    mutationFn: runRetention,
    onSuccess: (next) => queryClient.setQueryData([...ADMIN_KEY, "/privacy"], next),
    onError,
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap="xs" style={{ flex: "1 1 320px" }}>
          <Title order={2} size="h4">
            Bewaartermijn
          </Title>
          <QueryState query={status} what="de bewaartermijn">
            {(data) => <Status status={data} />}
          </QueryState>
        </Stack>
        <Button
          variant="default"
          onClick={() => run.mutate()}
          loading={run.isPending}
          disabled={status.data?.retentionDays === null}
        >
          Nu uitvoeren
        </Button>
      </Group>
    </Paper>
  );
}
