import { Button, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { formatTime } from "../../../../shared/format.ts";
import { ReportError, ReportLoading } from "../../../components/reports/report-states.tsx";
import { liveQuery } from "../api/live-query.ts";
import { DashboardTabs } from "../dashboard-tabs.tsx";
import classes from "./live.module.css";
import { LiveSiteCard } from "./live-site-card.tsx";

/** Whether `element` is what the browser shows full screen; follows Esc and the browser's own controls. */
function useFullscreen(element: React.RefObject<HTMLElement | null>) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const follow = () => setFull(document.fullscreenElement === element.current && element.current !== null);
    document.addEventListener("fullscreenchange", follow);
    return () => document.removeEventListener("fullscreenchange", follow);
  }, [element]);
  const toggle = () =>
    document.fullscreenElement ? document.exitFullscreen() : element.current?.requestFullscreen();
  return { full, toggle, supported: typeof document !== "undefined" && document.fullscreenEnabled };
}

/** Dashboard › Live: every site now, for a wall screen in the shop (full screen: only the board, larger). */
export function LivePage() {
  const board = useRef<HTMLDivElement>(null);
  const screen = useFullscreen(board);
  const query = useQuery(liveQuery);
  return (
    <Stack gap="lg">
      <DashboardTabs />
      <div
        ref={board}
        className={classes.board}
        data-full={screen.full || undefined}
        data-testid="live-board"
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <div>
              <Title order={1}>Live</Title>
              <Text c="dimmed" maw={820}>
                Per vestiging de auto's van het laatste uur tegen de capaciteit, vandaag per 10 minuten tegen
                het verwachte verloop (mediaan van dezelfde weekdag in de 8 weken ervoor), en de laatste
                gegevens van elke camera en kassa. Elke 10 seconden bijgewerkt.
              </Text>
            </div>
            <Group gap="xs">
              {query.data && (
                <Text size="sm" c="dimmed" data-testid="live-updated-at">
                  Bijgewerkt om {formatTime(query.data.now)}:{query.data.now.slice(17, 19)}
                </Text>
              )}
              {query.isFetching && <Loader size="xs" role="status" aria-label="Bijwerken" />}
              {screen.supported && (
                <Button variant={screen.full ? "default" : "filled"} onClick={screen.toggle}>
                  {screen.full ? "Volledig scherm sluiten" : "Volledig scherm"}
                </Button>
              )}
            </Group>
          </Group>
          {!query.data ? (
            query.isError ? (
              <ReportError error={query.error} retry={() => query.refetch()} reset={() => query.refetch()} />
            ) : (
              <ReportLoading />
            )
          ) : query.data.sites.length === 0 ? (
            <Text>Er zijn geen actieve vestigingen.</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2, xl: screen.full ? 2 : 3 }} spacing="md">
              {query.data.sites.map((site) => (
                <LiveSiteCard key={site.id} site={site} date={query.data.date} large={screen.full} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </div>
    </Stack>
  );
}
