import { Group, Loader, Paper, SegmentedControl, Stack, Switch, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { ExperimentView } from "../../../../shared/experiments/report.ts";
import { ReportError, ReportLoading } from "../../../components/reports/report-states.tsx";
import { metricLabels, statusLabels } from "../../../lib/experiment-labels.ts";
import { ExperimentDetailView } from "./experiment-detail.tsx";
import { ExperimentList, period } from "./experiment-list.tsx";
import { experimentsReportQuery } from "./experiments-api.ts";

/**
 * The experiments report (a bespoke screen, DESIGN §5). The URL holds the choices: `experiment`, `phase`,
 * `weergave=frequentistisch`, `sequentieel=nee` and `voorkennis=ja`, so a link reproduces the view.
 */
export function ExperimentsPage({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const experiment = params.get("experiment");
  const phase = Number(params.get("phase")) || null;
  const frequentist = params.get("weergave") === "frequentistisch";
  const sequential = params.get("sequentieel") !== "nee";
  const prior = params.get("voorkennis") === "ja";
  const view: ExperimentView = frequentist ? (sequential ? "sequential" : "fixed") : "bayesian";
  const query = useQuery(experimentsReportQuery({ experiment, phase, prior }));

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const detail = query.data?.selected ?? null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" maw={820}>
          Welke variant van de website brengt meer klanten, hoe zeker is dat, en is het experiment zelf
          gezond? Experimenten start en stop je onder Instellingen › Experimenten.
        </Text>
      </div>
      {query.isPending ? (
        <ReportLoading />
      ) : query.isError ? (
        <ReportError
          error={query.error}
          retry={() => query.refetch()}
          reset={() => setParams({}, { replace: true })}
        />
      ) : query.data.experiments.length === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text fw={600}>Er zijn nog geen experimenten.</Text>
          <Text size="sm" c="dimmed" mt={4}>
            Maak er een aan onder Instellingen › Experimenten.
          </Text>
        </Paper>
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <ExperimentList
              experiments={query.data.experiments}
              selected={detail?.key ?? null}
              view={view}
              onSelect={(key) => set({ experiment: key, phase: null })}
            />
          </Paper>
          {detail && (
            <Stack gap="md">
              <Group justify="space-between" align="flex-end" gap="sm">
                <div>
                  <Group gap="xs">
                    <Title order={2}>{detail.name}</Title>
                    {query.isFetching && <Loader size="xs" role="status" aria-label="Bijwerken" />}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {statusLabels[detail.status]} · {period(phaseDates(detail))} · primaire metric{" "}
                    {metricLabels[detail.metric].toLowerCase()}
                  </Text>
                  {detail.hypothesis && (
                    <Text size="sm" maw={820}>
                      Hypothese: {detail.hypothesis}
                    </Text>
                  )}
                  {detail.conclusion && (
                    <Text size="sm" maw={820}>
                      Besluit: {detail.conclusion}
                    </Text>
                  )}
                </div>
                <Stack gap={6}>
                  <Switch
                    label="Frequentistische weergave"
                    checked={frequentist}
                    onChange={(event) =>
                      set({ weergave: event.currentTarget.checked ? "frequentistisch" : null })
                    }
                  />
                  {frequentist ? (
                    <Switch
                      label="Sequentieel testen (elke dag kijken mag)"
                      checked={sequential}
                      onChange={(event) => set({ sequentieel: event.currentTarget.checked ? null : "nee" })}
                    />
                  ) : (
                    <Switch
                      label="Voorkennis: effecten zijn meestal klein"
                      checked={prior}
                      onChange={(event) => set({ voorkennis: event.currentTarget.checked ? "ja" : null })}
                    />
                  )}
                </Stack>
              </Group>
              {detail.phases.length > 1 && (
                <div>
                  <Text size="sm" fw={500} mb={4} id="fase-keuze">
                    Fase (de verdeling is tijdens het experiment gewijzigd; resultaten gelden per fase)
                  </Text>
                  <SegmentedControl
                    aria-labelledby="fase-keuze"
                    value={String(detail.phase)}
                    onChange={(value) => set({ phase: value })}
                    data={detail.phases.map((p) => ({
                      value: String(p.phase),
                      label: `Fase ${p.phase} (${Object.values(p.weights).join(":")})`,
                    }))}
                  />
                </div>
              )}
              <ExperimentDetailView detail={detail} view={view} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

const phaseDates = (detail: {
  phases: { phase: number; startedAt: string | null; endedAt: string | null }[];
  phase: number;
}) => {
  const phase = detail.phases.find((p) => p.phase === detail.phase);
  return { startedAt: phase?.startedAt ?? null, stoppedAt: phase?.endedAt ?? null };
};
