import { Stack, Text } from "@mantine/core";

/** Two facts in one table cell: the main one, and a detail in grey beneath it. */
export function TwoLines({ main, detail, strong }: { main: string; detail: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={strong ? 600 : undefined}>
        {main}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}
