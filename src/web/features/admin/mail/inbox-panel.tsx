import { Button, Group, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { MailMessageDetail, MailMessageSummary } from "../../../../shared/admin/mail.ts";
import { formatDateTime } from "../../../../shared/format.ts";
import { AdminModal } from "../components/admin-modal.tsx";
import { AdminTable, type Column } from "../components/admin-table.tsx";
import { QueryState } from "../components/query-state.tsx";
import { inboxQuery, messageQuery } from "./mail-api.ts";

const columns: Column<MailMessageSummary>[] = [
  {
    key: "receivedAt",
    label: "Ontvangen",
    nowrap: true,
    value: (m) => m.receivedAt,
    csv: (m) => formatDateTime(m.receivedAt),
    render: (m) => formatDateTime(m.receivedAt),
  },
  { key: "to", label: "Aan", value: (m) => m.to.join(", ") },
  { key: "subject", label: "Onderwerp", value: (m) => m.subject },
];

/**
 * The HTML part in a sandboxed frame: no scripts, no same-origin access, no forms; links open in a new
 * tab. It inherits the app's CSP, which allows inline styles and inline SVG (the mail's charts).
 */
function HtmlPart({ message }: { message: MailMessageDetail }) {
  if (!message.html) return <Text c="dimmed">Dit bericht heeft geen HTML-deel.</Text>;
  return (
    <iframe
      title={`HTML van ${message.subject}`}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={message.html.replace("<head>", '<head><base target="_blank">')}
      style={{
        width: "100%",
        height: "70vh",
        border: "1px solid var(--mantine-color-gray-3)",
        borderRadius: 4,
      }}
    />
  );
}

function MessageView({ id }: { id: number }) {
  const message = useQuery(messageQuery(id));
  return (
    <QueryState query={message} what="het bericht">
      {(m) => (
        <Stack gap="sm">
          <Text size="sm">
            Van {m.from} · aan {m.to.join(", ")} · {formatDateTime(m.receivedAt)}
          </Text>
          {m.attachments.length > 0 && (
            <Text size="sm" data-testid="attachments">
              Bijlagen: {m.attachments.join(", ")}
            </Text>
          )}
          <Tabs defaultValue={m.html ? "html" : "text"}>
            <Tabs.List>
              <Tabs.Tab value="html">HTML</Tabs.Tab>
              <Tabs.Tab value="text">Tekst</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              <HtmlPart message={m} />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              {m.text ? (
                <Text component="pre" size="sm" style={{ whiteSpace: "pre-wrap", margin: 0 }}>
                  {m.text}
                </Text>
              ) : (
                <Text c="dimmed">Dit bericht heeft geen tekstdeel.</Text>
              )}
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </QueryState>
  );
}

/** What the SMTP server inside the app received, newest first; a message opens with its HTML and text. */
export function InboxPanel() {
  const inbox = useQuery(inboxQuery);
  const [open, setOpen] = useState<MailMessageSummary | null>(null);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} size="h4">
              Postvak
            </Title>
            <Text size="sm" c="dimmed">
              De laatste 100 berichten die de SMTP-server in de app ontving, nieuwste eerst.
            </Text>
          </Stack>
          <Button variant="default" onClick={() => inbox.refetch()} loading={inbox.isFetching}>
            Vernieuwen
          </Button>
        </Group>
        <QueryState query={inbox} what="het postvak">
          {(messages) => (
            <AdminTable
              label="Postvak"
              csvName="postvak"
              rows={messages}
              columns={columns}
              rowKey={(m) => m.id}
              empty={<Text c="dimmed">Het postvak is leeg. Verstuur een voorbeeld van de maandagmail.</Text>}
              actions={(m) => (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setOpen(m)}
                  aria-label={`Open ${m.subject}`}
                >
                  Openen
                </Button>
              )}
            />
          )}
        </QueryState>
      </Stack>
      <AdminModal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject} size="xl">
        {open && <MessageView id={open.id} />}
      </AdminModal>
    </Paper>
  );
}
