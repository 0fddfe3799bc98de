import { Alert, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { MailStatus } from "../../../../shared/admin/mail.ts";
import { AdminScreen, useNotice } from "../components/admin-screen.tsx";
import { QueryState } from "../components/query-state.tsx";
import { InboxPanel } from "./inbox-panel.tsx";
import { mailStatusQuery } from "./mail-api.ts";
import { WeeklyMailPanel } from "./weekly-mail-panel.tsx";

/** How mail leaves this server, in words an operator understands. */
function ModeAlert({ status }: { status: MailStatus }) {
  switch (status.mode) {
    case "inbox":
      return (
        <Alert color="blue" title="Demo: e-mail blijft in de app">
          Er is geen SMTP_URL ingesteld. Alles wat Wasbord verstuurt (afzender {status.from}) komt in het
          postvak hieronder terecht, niet bij de ontvangers.
        </Alert>
      );
    case "smtp":
      return (
        <Text size="sm" c="dimmed">
          E-mail gaat via de ingestelde SMTP-server (SMTP_URL) naar de ontvangers, met afzender {status.from}.
        </Text>
      );
    case "off":
      return (
        <Alert color="orange" title="E-mail staat uit">
          Deze server heeft geen SMTP_URL ingesteld, dus Wasbord verstuurt geen e-mail: geen maandagmail en
          geen voorbeelden. Vraag de beheerder van de server om SMTP_URL in te stellen. Ontvangers kun je
          alvast toevoegen.
        </Alert>
      );
  }
}

/**
 * Instellingen › Postvak. Always in the navigation: it holds the Monday e-mail's recipients in every
 * mode; the postvak itself (what the SMTP server inside the app received) only shows when that server runs.
 */
export function MailPage({ title }: { title: string }) {
  const notice = useNotice();
  const status = useQuery(mailStatusQuery);
  return (
    <AdminScreen
      title={title}
      intro="De maandagmail met de cijfers van vorige week, wie hem krijgt, en de e-mail die Wasbord verstuurt."
      notice={notice.notice}
      onNoticeClose={notice.clear}
    >
      <QueryState query={status} what="de e-mailinstellingen">
        {(data) => (
          <>
            <ModeAlert status={data} />
            <WeeklyMailPanel mode={data.mode} notice={notice} />
            {data.mode === "inbox" && <InboxPanel />}
          </>
        )}
      </QueryState>
    </AdminScreen>
  );
}
