import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { ApiRequestError } from "../../lib/http.ts";
import { EMPTY_TEXT } from "./report-table.tsx";

/** While the first figures load: the shape of the screen, so nothing jumps when they arrive. */
export function ReportLoading() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Rapport wordt geladen">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
        {[1, 2, 3, 4].map((n) => (
          <Skeleton key={n} height={104} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={320} radius="md" />
      <Skeleton height={200} radius="md" />
    </Stack>
  );
}

export function ReportEmpty() {
  return (
    <Paper withBorder p="xl" radius="md" ta="center">
      <Text fw={600}>{EMPTY_TEXT}</Text>
      <Text size="sm" c="dimmed" mt={4}>
        Kies een andere periode of vestiging.
      </Text>
    </Paper>
  );
}

/** A failed load says why and offers to try again; filters in the link that are invalid can be reset. */
export function ReportError({ error, retry, reset }: { error: Error; retry: () => void; reset: () => void }) {
  const invalid = error instanceof ApiRequestError && error.status === 422;
  return (
    <Alert
      color="red"
      role="alert"
      title={invalid ? "De filters in deze link kloppen niet" : "Het rapport kon niet worden geladen"}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {invalid &&
          (error as ApiRequestError).fields.map((field) => (
            <Text size="sm" key={field.path}>
              {field.path}: {field.message}
            </Text>
          ))}
        {invalid ? (
          <Button size="xs" variant="white" color="red" onClick={reset}>
            Standaardfilters gebruiken
          </Button>
        ) : (
          <Button size="xs" variant="white" color="red" onClick={retry}>
            Opnieuw proberen
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
