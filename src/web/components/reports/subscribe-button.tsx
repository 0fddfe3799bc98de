import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "../../../shared/format.ts";
import { SAVED_VIEW_NAME_MAX } from "../../../shared/reports/saved-views.ts";
import {
  CADENCE_LABELS,
  CADENCES,
  type Cadence,
  type SubscriptionInput,
  WEEKDAY_LABELS,
} from "../../../shared/reports/subscriptions.ts";
import { ApiRequestError } from "../../lib/http.ts";
import { SubscriptionList } from "./subscription-list.tsx";
import { createSubscription, SUBSCRIPTIONS_KEY, subscriptionsQuery } from "./subscriptions-api.ts";
import type { ReportSearch } from "./use-report-filters.ts";

const HOURS = Array.from({ length: 24 }, (_, h) => ({
  value: String(h),
  label: `${String(h).padStart(2, "0")}:00`,
}));
const WEEKDAYS = WEEKDAY_LABELS.map((label, i) => ({ value: String(i + 1), label }));

const queryString = (search: ReportSearch) =>
  new URLSearchParams(
    Object.entries(search).filter((entry): entry is [string, string] => !!entry[1] && entry[0] !== "rows"),
  ).toString();

/**
 * "Abonneren" beside the Excel button: this screen with its filters (a relative period stays relative) by
 * mail on a schedule, with its KPI's in the mail and the Excel file attached. Anyone subscribes themself;
 * a beheerder may name recipients. The first mail is the next scheduled time, never at once.
 */
export function SubscribeButton({
  report,
  title,
  search,
}: {
  report: string;
  title: string;
  search: ReportSearch;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)} data-print="hide">
        Abonneren
      </Button>
      {opened && (
        <SubscribeModal report={report} title={title} search={search} onClose={() => setOpened(false)} />
      )}
    </>
  );
}

function SubscribeModal({
  report,
  title,
  search,
  onClose,
}: {
  report: string;
  title: string;
  search: ReportSearch;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const overview = useQuery(subscriptionsQuery);
  const [name, setName] = useState(title);
  const [cadence, setCadence] = useState<Cadence>("daily");
  const [weekday, setWeekday] = useState("1");
  const [monthDay, setMonthDay] = useState<number | string>(1);
  const [hour, setHour] = useState("7");
  const [recipients, setRecipients] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (body: SubscriptionInput) => createSubscription(body),
    onSuccess: () => client.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY }),
  });
  const me = overview.data?.me;
  const fields = save.error instanceof ApiRequestError ? save.error.fields : [];
  const fieldError = (path: string) =>
    fields
      .filter((f) => f.path.split(/[.[]/)[0] === path)
      .map((f) => f.message)
      .join(" ") || undefined;
  const shown = new Set(["name", "weekday", "monthDay", "hour", "recipients"]);
  const otherErrors = save.error
    ? fields.filter((f) => !shown.has(f.path.split(/[.[]/)[0])).map((f) => `${f.path}: ${f.message}`)
    : [];
  if (save.error && fields.length === 0) otherErrors.push(save.error.message);
  const mine = (overview.data?.subscriptions ?? []).filter(
    (s) =>
      s.report === report && (s.ownerEmail === me?.email || s.recipients.some((r) => r.email === me?.email)),
  );

  return (
    <Modal opened onClose={onClose} title={`Abonneren op ${title}`} size="lg">
      <Stack gap="md">
        <SubscriptionList subscriptions={mine} />
        {mine.length > 0 && <Divider />}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({
              report,
              query: queryString(search),
              name,
              cadence,
              weekday: cadence === "weekly" ? Number(weekday) : null,
              monthDay: cadence === "monthly" ? Number(monthDay) : null,
              hour: Number(hour),
              recipients,
            });
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Je krijgt dit rapport met de filters die nu gelden per mail: de kengetallen in de mail en het
              Excel-bestand als bijlage. Een periode als "gisteren" of "deze maand" schuift mee. De eerste
              mail komt op het eerstvolgende tijdstip (Nederlandse tijd).
            </Text>
            {otherErrors.length > 0 && (
              <Alert color="red" role="alert">
                {otherErrors.join(" ")}
              </Alert>
            )}
            {save.isSuccess && (
              <Alert color="teal" role="status" data-testid="subscribed">
                Geabonneerd. Volgende: {formatDateTime(save.data.next)}
              </Alert>
            )}
            <TextInput
              label="Naam"
              required
              maxLength={SAVED_VIEW_NAME_MAX}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={fieldError("name")}
            />
            <SegmentedControl
              aria-label="Hoe vaak"
              value={cadence}
              onChange={(value) => setCadence(value as Cadence)}
              data={CADENCES.map((value) => ({ value, label: CADENCE_LABELS[value] }))}
            />
            <Group grow align="flex-start">
              {cadence === "weekly" && (
                <Select
                  label="Dag"
                  data={WEEKDAYS}
                  value={weekday}
                  onChange={(value) => setWeekday(value ?? "1")}
                  allowDeselect={false}
                  error={fieldError("weekday")}
                />
              )}
              {cadence === "monthly" && (
                <NumberInput
                  label="Dag van de maand"
                  description="Na het einde van een kortere maand: de laatste dag"
                  min={1}
                  max={31}
                  value={monthDay}
                  onChange={setMonthDay}
                  error={fieldError("monthDay")}
                />
              )}
              <Select
                label="Tijd"
                data={HOURS}
                value={hour}
                onChange={(value) => setHour(value ?? "7")}
                allowDeselect={false}
                error={fieldError("hour")}
              />
            </Group>
            {me?.role === "beheerder" ? (
              <TagsInput
                label="Ontvangers"
                description={`Leeg: alleen jij (${me.email}). Typ een adres en druk op Enter.`}
                value={recipients}
                onChange={setRecipients}
                error={fieldError("recipients")}
              />
            ) : (
              <Text size="sm">Naar: {me?.email ?? "jouw adres"}</Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Sluiten
              </Button>
              <Button type="submit" loading={save.isPending}>
                Abonneren
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
