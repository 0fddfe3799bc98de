import { Badge, Card, Group, Progress, Skeleton, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { formatDateTime, formatNumber, formatPercent, formatTime } from "../../../../shared/format.ts";
import { FRESHNESS_LABELS, type Freshness } from "../../../../shared/freshness.ts";
import type { LiveSite } from "../../../../shared/live.ts";

// ECharts in a chunk of its own: the figures show while it loads.
const LiveChart = lazy(() => import("./live-chart.tsx"));

// Small badge text needs 4.5:1 on its background: the shades the admin's status badges use.
const STATUS_COLOR: Record<Freshness, string> = { actueel: "teal.9", vertraagd: "orange.9", stil: "red.9" };

/** Today's time for today's deliveries, else date and time. */
const when = (lastAt: string | null, date: string) =>
  lastAt === null ? "nooit" : lastAt.slice(0, 10) === date ? formatTime(lastAt) : formatDateTime(lastAt);

function Delivery({
  label,
  lastAt,
  status,
  date,
}: {
  label: string;
  lastAt: string | null;
  status: Freshness;
  date: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" className="live-delivery">
        {label}: {when(lastAt, date)}
      </Text>
      <Badge color={STATUS_COLOR[status]} variant="filled" className="live-badge" miw="max-content">
        {FRESHNESS_LABELS[status]}
      </Badge>
    </Group>
  );
}

/** One site: cars in the last hour against its capacity, today's curve, and its cameras' and till's last delivery. */
export function LiveSiteCard({ site, date, large }: { site: LiveSite; date: string; large: boolean }) {
  const load = site.capacityPerHour ? site.lastHour / site.capacityPerHour : 0;
  const current = [...site.slots].reverse().find((slot) => slot.cars !== null);
  return (
    <Card withBorder padding="md" radius="md" data-testid={`live-site-${site.code}`}>
      <Stack gap="xs">
        <Title order={2} className="live-site-name">
          {site.name}
        </Title>
        <Group align="baseline" gap="xs">
          <Text className="live-big" fw={700} data-testid="live-last-hour">
            {formatNumber(site.lastHour)}
          </Text>
          <Text className="live-unit" c="dimmed">
            auto's in het laatste uur · capaciteit {formatNumber(site.capacityPerHour)} per uur
          </Text>
        </Group>
        <Progress
          value={Math.min(100, load * 100)}
          color={load >= 0.9 ? "red" : load >= 0.6 ? "orange" : "teal"}
          size={large ? "xl" : "lg"}
          aria-label={`Bezetting ${formatPercent(load)}`}
        />
        <Text size="sm" className="live-line">
          Bezetting {formatPercent(load)} ({formatNumber(site.lanes)} × {formatNumber(site.carsPerLaneHour)}{" "}
          per uur) · vandaag {formatNumber(site.today)} auto's
          {current &&
            ` · ${current.start}: ${formatNumber(current.cars ?? 0)} (verwacht ${formatNumber(Math.round(current.expected))})`}
        </Text>
        <Suspense fallback={<Skeleton height={large ? 260 : 180} />}>
          <LiveChart slots={site.slots} name={site.name} large={large} />
        </Suspense>
        <Stack gap={4}>
          {site.cameras.length === 0 && (
            <Text size="sm" c="dimmed" className="live-delivery">
              Nog nooit een lezing van een camera.
            </Text>
          )}
          {site.cameras.map((camera) => (
            <Delivery key={camera.camera} label={`Camera ${camera.camera}`} date={date} {...camera} />
          ))}
          <Delivery label="Kassa" date={date} {...site.till} />
        </Stack>
      </Stack>
    </Card>
  );
}
