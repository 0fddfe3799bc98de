import { Alert, Button, Group, MultiSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type MailMode,
  type WeeklyRecipient,
  type WeeklyRecipientInput,
  weeklyRecipientInputSchema,
} from "../../../../shared/admin/mail.ts";
import { formatDate, formatDateTime } from "../../../../shared/format.ts";
import { ADMIN_KEY } from "../api/admin-api.ts";
import type { useNotice } from "../components/admin-screen.tsx";
import { AdminTable, type Column } from "../components/admin-table.tsx";
import { QueryState } from "../components/query-state.tsx";
import { useConfirm, useRowAction } from "../components/row-actions.tsx";
import { type Status, statusColumn } from "../components/status-badge.tsx";
import { useZodForm } from "../components/use-zod-form.ts";
import { addRecipient, removeRecipient, sendPreview, weeklyMailQuery } from "./mail-api.ts";

type Notices = ReturnType<typeof useNotice>;

const scopeOf = (r: WeeklyRecipient) => (r.siteIds.length === 0 ? "Hele keten" : r.siteNames.join(", "));

const columns: Column<WeeklyRecipient>[] = [
  { key: "email", label: "E-mail", value: (r) => r.email },
  { key: "scope", label: "Vestigingen", value: scopeOf },
  statusColumn(
    (r): Status =>
      r.unsubscribedAt
        ? { label: `Afgemeld op ${formatDate(r.unsubscribedAt)}`, tone: "neutral" }
        : { label: "Actief", tone: "good" },
  ),
  {
    key: "lastWeekSent",
    label: "Laatst verstuurd",
    nowrap: true,
    value: (r) => r.lastWeekSent,
    csv: (r) => (r.lastWeekSent ? `week van ${formatDate(r.lastWeekSent)}` : "nog niet"),
    render: (r) =>
      r.lastWeekSent ? (
        `week van ${formatDate(r.lastWeekSent)}`
      ) : (
        <Text c="dimmed" size="sm">
          nog niet
        </Text>
      ),
  },
];

const empty: WeeklyRecipientInput = { email: "", siteIds: [] };

/** The Monday e-mail: when it goes, who gets it (add, remove), and a preview sent to yourself now. */
export function WeeklyMailPanel({ mode, notice }: { mode: MailMode; notice: Notices }) {
  const queryClient = useQueryClient();
  const overview = useQuery(weeklyMailQuery);
  const form = useZodForm(empty);
  const confirm = useConfirm();
  const add = useMutation({
    mutationFn: addRecipient,
    onSuccess: (recipient) => {
      form.reset(empty);
      notice.success(`${recipient.email} krijgt voortaan de maandagmail.`);
      queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
    onError: form.fail,
  });
  const inInbox = mode === "inbox" ? " Je vindt hem hieronder in het postvak." : "";
  const preview = useRowAction(
    sendPreview,
    notice,
    (sent) => `Voorbeeld verstuurd naar ${sent.to}.${inInbox}`,
  );
  const remove = useRowAction(
    (recipient: WeeklyRecipient) => removeRecipient(recipient.id),
    notice,
    () => "De ontvanger is verwijderd.",
  );
  const canSend = mode !== "off";

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} style={{ flex: "1 1 320px" }}>
            <Title order={2} size="h4">
              Maandagmail
            </Title>
            <QueryState query={overview} what="de maandagmail">
              {(data) => (
                <Text size="sm" c="dimmed">
                  Elke maandag om 07:00 krijgen de ontvangers de cijfers van de week ervoor: wassen, omzet
                  excl. btw, omzet per auto en nieuwe klanten, vergeleken met de week ervoor en dezelfde week
                  vorig jaar. Volgende: {formatDateTime(data.next.sendAt)}, over week {data.next.isoWeek} (
                  {formatDate(data.next.weekFrom)} t/m {formatDate(data.next.weekTo)}).
                </Text>
              )}
            </QueryState>
          </Stack>
          <Button
            variant="default"
            onClick={() => preview.mutate(undefined)}
            loading={preview.isPending && preview.variables === undefined}
            disabled={!canSend}
          >
            Voorbeeld versturen
          </Button>
        </Group>

        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            notice.clear();
            if (form.validate(weeklyRecipientInputSchema)) add.mutate(form.values);
          }}
        >
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="E-mailadres"
              placeholder="naam@bedrijf.nl"
              autoComplete="off"
              style={{ flex: "1 1 220px", maxWidth: 320 }}
              {...form.text("email")}
            />
            <MultiSelect
              label="Vestigingen"
              placeholder={form.values.siteIds?.length ? undefined : "Hele keten"}
              data={(overview.data?.sites ?? []).map((site) => ({
                value: String(site.id),
                label: site.active ? site.name : `${site.name} (gesloten)`,
              }))}
              value={(form.values.siteIds ?? []).map(String)}
              onChange={(values) => form.set("siteIds", values.map(Number))}
              error={form.errors.siteIds}
              clearable
              style={{ flex: "1 1 220px", maxWidth: 360 }}
            />
            <Button type="submit" mt={25} loading={add.isPending}>
              Toevoegen
            </Button>
          </Group>
          {form.formError && !form.errors.email && !form.errors.siteIds && (
            <Alert color="red" role="alert" mt="sm">
              {form.formError.message}
            </Alert>
          )}
        </form>

        {overview.data && (
          <AdminTable
            label="Ontvangers van de maandagmail"
            csvName="maandagmail-ontvangers"
            rows={overview.data.recipients}
            columns={columns}
            rowKey={(r) => r.id}
            empty={<Text c="dimmed">Nog geen ontvangers. Voeg hierboven een e-mailadres toe.</Text>}
            actions={(r) => (
              <>
                <Button
                  size="xs"
                  variant="default"
                  disabled={!canSend}
                  loading={preview.isPending && preview.variables === r.id}
                  onClick={() => preview.mutate(r.id)}
                  aria-label={`Voorbeeld van de mail van ${r.email} naar jezelf sturen`}
                >
                  Voorbeeld
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() =>
                    confirm.ask({
                      title: "Ontvanger verwijderen",
                      message: `${r.email} krijgt de maandagmail dan niet meer.`,
                      confirmLabel: "Verwijderen",
                      onConfirm: () => remove.mutate(r),
                    })
                  }
                >
                  Verwijderen
                </Button>
              </>
            )}
          />
        )}
      </Stack>
      {confirm.modal}
    </Paper>
  );
}
