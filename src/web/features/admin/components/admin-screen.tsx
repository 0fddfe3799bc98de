import { Alert, Group, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";

/** Heading, a line of explanation, the screen's main actions and the message of the last thing done. */
export function AdminScreen(props: {
  title: string;
  intro: string;
  actions?: ReactNode;
  notice: Notice | null;
  onNoticeClose: () => void;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{props.title}</Title>
          <Text c="dimmed" size="sm">
            {props.intro}
          </Text>
        </Stack>
        {props.actions && <Group>{props.actions}</Group>}
      </Group>
      <NoticeLine notice={props.notice} onClose={props.onNoticeClose} />
      {props.children}
    </Stack>
  );
}

/** The message of the last thing done, where it was done: under the screen's heading or beside a button. */
export function NoticeLine({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  if (!notice) return null;
  return (
    <Alert
      color={notice.kind === "success" ? "green" : "red"}
      role={notice.kind === "success" ? "status" : "alert"}
      withCloseButton
      closeButtonLabel="Melding sluiten"
      onClose={onClose}
    >
      {notice.message}
    </Alert>
  );
}

export interface Notice {
  kind: "success" | "error";
  message: string;
}

/**
 * The screen's message line. Notifications are not mounted in the app's providers, so admin screens say
 * what happened in an inline alert instead.
 */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  return {
    notice,
    clear: () => setNotice(null),
    success: (message: string) => setNotice({ kind: "success", message }),
    error: (error: unknown) =>
      setNotice({
        kind: "error",
        message: error instanceof Error ? error.message : "Er ging iets mis. Probeer het opnieuw.",
      }),
  };
}
