import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDateTime } from "../../../shared/format.ts";
import { type Subscription, scheduleText } from "../../../shared/reports/subscriptions.ts";
import { deleteSubscription, SUBSCRIPTIONS_KEY, sendSubscriptionNow } from "./subscriptions-api.ts";

/** Who gets a subscription, with who opted out. */
export const recipientsText = (subscription: Subscription) =>
  subscription.recipients.map((r) => (r.unsubscribedAt ? `${r.email} (afgemeld)` : r.email)).join(", ");

/**
 * The actions on one subscription: "Nu versturen" (outside the schedule, to every subscribed recipient)
 * and "Opzeggen". The next scheduled send is what the server's schedule will do.
 */
export function SubscriptionActions({ subscription }: { subscription: Subscription }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
  const send = useMutation({ mutationFn: () => sendSubscriptionNow(subscription.id), onSettled: refresh });
  const remove = useMutation({ mutationFn: () => deleteSubscription(subscription.id), onSettled: refresh });
  return (
    <Stack gap={4}>
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          loading={send.isPending}
          onClick={() => send.mutate()}
          aria-label={`${subscription.name} nu versturen`}
        >
          Nu versturen
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          loading={remove.isPending}
          onClick={() => remove.mutate()}
          aria-label={`${subscription.name} opzeggen`}
        >
          Opzeggen
        </Button>
      </Group>
      {send.isSuccess && (
        <Text size="xs" c="teal.9" role="status">
          Verstuurd naar {send.data.to.join(", ") || "niemand (iedereen is afgemeld)"}.
        </Text>
      )}
      {(send.error ?? remove.error) && (
        <Text size="xs" c="red" role="alert">
          {(send.error ?? remove.error)?.message}
        </Text>
      )}
    </Stack>
  );
}

/** The person's subscriptions to one report, in the "Abonneren" window. */
export function SubscriptionList({ subscriptions }: { subscriptions: Subscription[] }) {
  if (subscriptions.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Abonnementen op dit rapport
      </Text>
      {subscriptions.map((s) => (
        <Alert key={s.id} color="gray" p="xs" data-testid="subscription">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {s.name}
              </Text>
              <Text size="xs">
                {scheduleText(s)} · aan {recipientsText(s)}
              </Text>
              <Text size="xs" data-testid="subscription-next">
                Volgende: {formatDateTime(s.next)}
              </Text>
            </Stack>
            <SubscriptionActions subscription={s} />
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
