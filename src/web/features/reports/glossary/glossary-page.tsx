import { Anchor, Badge, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import {
  METRIC_SECTIONS,
  type MetricDefinition,
  metricAnchor,
  VAT_LABELS,
} from "../../../../shared/metrics/registry.ts";
import { METRIC_SCREENS } from "../../../../shared/metrics/usage.ts";
import { catalogueEntry } from "../../../../shared/reports/catalogue.ts";
import type { Unit } from "../../../../shared/reports/envelope.ts";

// Begrippen: every figure Wasbord shows, from the metric registry (src/shared/metrics), with its definition,
// unit, VAT basis and the screens that show it. Every hint on a KPI tile links here, to the figure's anchor.

const UNIT_LABELS: Record<Unit, string> = {
  count: "aantal",
  eur_cents: "bedrag in euro",
  percent: "percentage",
  seconds: "tijdsduur",
  ratio: "verhouding (getal)",
};

const ELSEWHERE = { "weekly-mail": "Maandagmail", alerts: "Meldingen" } as const;

/** A report id as a link to its screen (the dashboard is its own page). */
function ScreenLink({ id }: { id: string }) {
  const title = catalogueEntry(id)?.title ?? id;
  return (
    <Anchor
      component={Link}
      to={id === "dashboard" ? "/dashboard" : `/reports/${id}`}
      size="sm"
      underline="always"
    >
      {title}
    </Anchor>
  );
}

function Entry({ metric, target }: { metric: MetricDefinition; target: boolean }) {
  const screens = METRIC_SCREENS[metric.key]?.split(" ") ?? [];
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      id={metricAnchor(metric.key)}
      data-testid={`glossary-${metric.key}`}
      style={{ scrollMarginTop: 80, ...(target && { borderColor: "var(--mantine-color-blue-6)" }) }}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Title order={3} size="h5">
            {metric.label}
          </Title>
          <Group gap={4}>
            <Badge variant="light" color="gray" size="sm">
              {UNIT_LABELS[metric.unit]}
            </Badge>
            {metric.vat !== "none" && (
              <Badge variant="light" color="blue" size="sm">
                {VAT_LABELS[metric.vat]}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm">{metric.definition}</Text>
        {(screens.length > 0 || metric.elsewhere) && (
          <Text size="sm" c="dimmed" component="div">
            Te zien op:{" "}
            {screens.map((id, index) => (
              <span key={id}>
                {index > 0 && ", "}
                <ScreenLink id={id} />
              </span>
            ))}
            {(metric.elsewhere ?? []).map((place, index) => (
              <span key={place}>
                {(screens.length > 0 || index > 0) && ", "}
                {ELSEWHERE[place]}
              </span>
            ))}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function GlossaryPage() {
  const { hash } = useLocation();
  const [search, setSearch] = useState("");
  const target = decodeURIComponent(hash.slice(1));
  // the sections render at once, so the anchor exists: bring it into view after a link from a hint
  useEffect(() => {
    if (target) document.getElementById(target)?.scrollIntoView();
  }, [target]);
  const words = search.trim().toLocaleLowerCase("nl");
  const matches = (metric: MetricDefinition) =>
    !words || `${metric.label} ${metric.definition}`.toLocaleLowerCase("nl").includes(words);
  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Begrippen
        </Title>
        <Text c="dimmed" size="sm">
          Wat elk cijfer in Wasbord betekent. Eén naam staat voor één definitie: twee cijfers die anders
          berekend worden, heten ook anders.
        </Text>
      </Stack>
      <TextInput
        label="Zoek een begrip"
        placeholder="Bijvoorbeeld ROAS of nieuwe klanten"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {METRIC_SECTIONS.map((section) => {
        const shown = section.metrics.filter(matches);
        if (shown.length === 0) return null;
        return (
          <Stack gap="sm" key={section.title}>
            <Title order={2} size="h4">
              {section.title}
            </Title>
            {shown.map((metric) => (
              <Entry key={metric.key} metric={metric} target={metricAnchor(metric.key) === target} />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
