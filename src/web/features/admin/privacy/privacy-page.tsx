import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { type PlateRecord, plateLookupSchema } from "../../../../shared/admin/privacy.ts";
import { formatDateTime, formatNumber } from "../../../../shared/format.ts";
import { formatPlate } from "../../../../shared/plates.ts";
import { downloadJson } from "../../../lib/download.ts";
import { lookupPlate } from "../api/admin-api.ts";
import { AdminScreen, useNotice } from "../components/admin-screen.tsx";
import { useZodForm } from "../components/use-zod-form.ts";
import { EraseModal } from "./erase-modal.tsx";
import { PlateRecordView } from "./plate-record-view.tsx";
import { RetentionPanel } from "./retention-panel.tsx";

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function summary(record: PlateRecord): string {
  const parts = [
    count(record.reads.length, "lezing", "lezingen"),
    count(record.visits.length, "bezoek", "bezoeken"),
    count(record.transactions.length, "verkoop", "verkopen"),
    count(record.vouchers.length, "voucher", "vouchers"),
  ].join(", ");
  return record.firstSeenAt
    ? `${parts}; voor het eerst gezien op ${formatDateTime(record.firstSeenAt)}.`
    : `${parts}.`;
}

const isEmpty = (record: PlateRecord) =>
  record.reads.length + record.visits.length + record.transactions.length + record.vouchers.length === 0;

/** Instellingen › Privacy: the retention of plates, and one plate's data looked up, exported or erased. */
export function PrivacyPage({ title }: { title: string }) {
  const notice = useNotice();
  const form = useZodForm({ plate: "" });
  const [record, setRecord] = useState<PlateRecord | null>(null);
  const [erasing, setErasing] = useState<string | null>(null);
  const lookup = useMutation({
    mutationFn: (plate: string) => lookupPlate(plate),
    onSuccess: setRecord,
    onError: form.fail,
  });

  return (
    <AdminScreen
      title={title}
      intro="Kentekens zijn persoonsgegevens (AVG). Zoek op wat over één kenteken is opgeslagen (inzagerecht), download het of wis het (recht op vergetelheid). Elke opzoeking en elke wissing komt in de auditlog."
      notice={notice.notice}
      onNoticeClose={notice.clear}
    >
      <RetentionPanel onError={notice.error} />
      <Paper withBorder p="md" radius="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            notice.clear();
            if (form.validate(plateLookupSchema)) lookup.mutate(form.values.plate);
          }}
        >
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Kenteken"
              placeholder="Bijvoorbeeld GF-12-KL"
              autoComplete="off"
              style={{ flex: "1 1 180px", maxWidth: 280 }}
              {...form.text("plate")}
            />
            <Button type="submit" mt={25} loading={lookup.isPending}>
              Opzoeken
            </Button>
          </Group>
          {form.formError && !form.errors.plate && (
            <Alert color="red" role="alert" mt="sm">
              {form.formError.message}
            </Alert>
          )}
        </form>
      </Paper>
      {record && (
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Stack gap={2}>
              <Title order={2} size="h3">
                {formatPlate(record.plate)}
              </Title>
              <Text size="sm" c="dimmed">
                {isEmpty(record) ? "Er is niets over dit kenteken opgeslagen." : summary(record)}
              </Text>
            </Stack>
            {!isEmpty(record) && (
              <Group gap="sm">
                <Button
                  variant="default"
                  onClick={() => downloadJson(`kenteken-${record.plate}.json`, record)}
                >
                  JSON downloaden
                </Button>
                <Button color="red" variant="outline" onClick={() => setErasing(record.plate)}>
                  Kenteken wissen…
                </Button>
              </Group>
            )}
          </Group>
          {!isEmpty(record) && <PlateRecordView record={record} />}
        </Stack>
      )}
      <EraseModal
        key={erasing ?? ""}
        plate={erasing}
        onClose={() => setErasing(null)}
        onErased={(erased) => {
          setRecord(null);
          notice.success(
            `${formatPlate(erased.plate)} is gewist: ${count(erased.reads, "lezing", "lezingen")} en ${count(erased.visits, "bezoek", "bezoeken")} verwijderd, ${count(erased.transactions, "verkoop", "verkopen")} zonder kenteken bewaard.`,
          );
        }}
      />
    </AdminScreen>
  );
}
