import { Button, Group, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import {
  type Experiment,
  experimentCreateSchema,
  experimentStopSchema,
  experimentWeightsSchema,
} from "../../../../shared/experiments/definitions.ts";
import { formatDate } from "../../../../shared/format.ts";
import { guardrailLabels, metricLabels, statusLabels } from "../../../lib/experiment-labels.ts";
import {
  ADMIN_KEY,
  changeWeights,
  createExperiment,
  experimentsQuery,
  startExperiment,
  stopExperiment,
} from "../api/admin-api.ts";
import { AdminScreen, useNotice } from "../components/admin-screen.tsx";
import { AdminTable, type Column } from "../components/admin-table.tsx";
import { FormModal } from "../components/form-modal.tsx";
import { QueryState } from "../components/query-state.tsx";
import { useConfirm, useRowAction } from "../components/row-actions.tsx";
import { type Status, statusColumn } from "../components/status-badge.tsx";
import { TwoLines } from "../components/two-lines.tsx";
import { useZodForm } from "../components/use-zod-form.ts";
import { ExperimentFields, type ExperimentFormValues, emptyExperiment } from "./experiment-form.tsx";
import { HistoryModal, SnippetModal, StopFields, WeightFields } from "./experiment-modals.tsx";

const tones: Record<Experiment["status"], Status["tone"]> = {
  draft: "neutral",
  running: "good",
  stopped: "neutral",
};

const columns: Column<Experiment>[] = [
  {
    key: "name",
    label: "Experiment",
    value: (e) => e.name,
    render: (e) => <TwoLines main={e.name} detail={e.key} strong />,
  },
  {
    key: "variants",
    label: "Varianten (verdeling)",
    value: (e) => e.variants.map((v) => `${v.name} ${v.weight}`).join(", "),
    render: (e) => (
      <TwoLines
        main={e.variants.map((v) => v.name).join(", ")}
        detail={e.variants.map((v) => v.weight).join(" : ")}
      />
    ),
  },
  {
    key: "metric",
    label: "Metric en vangrail",
    value: (e) => metricLabels[e.metric],
    render: (e) => (
      <TwoLines
        main={metricLabels[e.metric]}
        detail={e.guardrail ? guardrailLabels[e.guardrail] : "geen vangrail"}
      />
    ),
  },
  {
    key: "period",
    label: "Periode",
    nowrap: true,
    value: (e) => e.startedAt,
    render: (e) => (
      <TwoLines
        main={e.startedAt ? `vanaf ${formatDate(e.startedAt)}` : "niet gestart"}
        detail={e.stoppedAt ? `t/m ${formatDate(e.stoppedAt)}` : `${e.phases.length} fase(n)`}
      />
    ),
  },
  statusColumn((e) => ({ label: statusLabels[e.status], tone: tones[e.status] })),
];

type Dialog = { kind: "create" } | { kind: "weights" | "stop"; key: string } | null;

export function ExperimentsPage({ title }: { title: string }) {
  const notice = useNotice();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const query = useQuery(experimentsQuery);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [snippetKey, setSnippetKey] = useState<string | null>(null);
  const [historyKey, setHistoryKey] = useState<string | null>(null);
  const find = (key: string | null) => query.data?.find((e) => e.key === key) ?? null;
  const target = dialog && dialog.kind !== "create" ? find(dialog.key) : null;

  const createForm = useZodForm<ExperimentFormValues>(emptyExperiment());
  const weightsForm = useZodForm<{ weights: Record<string, number | string> }>({ weights: {} });
  const stopForm = useZodForm<{ decision: string | null; conclusion: string }>({
    decision: null,
    conclusion: "",
  });
  const form = dialog?.kind === "weights" ? weightsForm : dialog?.kind === "stop" ? stopForm : createForm;

  const save = useMutation({
    mutationFn: async (): Promise<[Experiment, string]> => {
      if (dialog?.kind === "weights" && target) {
        const body = { version: target.version, ...weightsForm.values } as z.input<
          typeof experimentWeightsSchema
        >;
        return [await changeWeights(target.key, body), "heeft een nieuwe verdeling; fase"];
      }
      if (dialog?.kind === "stop" && target) {
        return [
          await stopExperiment(target.key, { version: target.version, ...stopForm.values }),
          "is gestopt",
        ];
      }
      return [
        await createExperiment(createForm.values as z.input<typeof experimentCreateSchema>),
        "is aangemaakt",
      ];
    },
    onSuccess: async ([experiment, what]) => {
      const created = dialog?.kind === "create";
      setDialog(null);
      const phase = what.endsWith("fase") ? ` ${experiment.phases.length} is begonnen` : "";
      notice.success(`${experiment.name} ${what}${phase}.`);
      if (created) setSnippetKey(experiment.key);
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
    onError: form.fail,
  });
  const start = useRowAction(startExperiment, notice, (e) => `${e.name} is gestart.`);

  const open = (next: Dialog) => {
    save.reset();
    if (next?.kind === "create") createForm.reset(emptyExperiment());
    if (next?.kind === "weights") {
      const experiment = find(next.key);
      weightsForm.reset({
        weights: Object.fromEntries(experiment?.variants.map((v) => [v.key, v.weight]) ?? []),
      });
    }
    if (next?.kind === "stop") stopForm.reset({ decision: null, conclusion: "" });
    setDialog(next);
  };
  const submit = () => {
    const schema =
      dialog?.kind === "weights"
        ? experimentWeightsSchema.omit({ version: true })
        : dialog?.kind === "stop"
          ? experimentStopSchema.omit({ version: true })
          : experimentCreateSchema;
    if (form.validate(schema)) save.mutate();
  };

  return (
    <AdminScreen
      title={title}
      intro="Website-experimenten (A/B-tests): aanmaken, starten, de verdeling wijzigen en stoppen met een besluit. De resultaten staan bij Rapportage › Experimenten."
      actions={<Button onClick={() => open({ kind: "create" })}>Experiment toevoegen</Button>}
      notice={notice.notice}
      onNoticeClose={notice.clear}
    >
      <QueryState query={query} what="de experimenten">
        {(rows) => (
          <AdminTable
            label="Experimenten"
            csvName="experimenten"
            rows={rows}
            columns={columns}
            rowKey={(e) => e.id}
            empty={<Text>Er zijn nog geen experimenten.</Text>}
            actions={(e) => (
              // Up to four buttons: two rows rather than a table wider than a laptop screen.
              <Group gap={6} maw={240}>
                {e.status === "draft" && (
                  <Button
                    size="xs"
                    aria-label={`Starten: ${e.name}`}
                    onClick={() =>
                      confirm.ask({
                        title: `${e.name} starten?`,
                        message:
                          "Vanaf nu telt elke blootstelling mee. Zet eerst het fragment op de website.",
                        confirmLabel: "Starten",
                        onConfirm: () => start.mutate(e),
                      })
                    }
                  >
                    Starten
                  </Button>
                )}
                {e.status === "running" && (
                  <>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Verdeling wijzigen: ${e.name}`}
                      onClick={() => open({ kind: "weights", key: e.key })}
                    >
                      Verdeling
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`Stoppen: ${e.name}`}
                      onClick={() => open({ kind: "stop", key: e.key })}
                    >
                      Stoppen
                    </Button>
                  </>
                )}
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Fragment: ${e.name}`}
                  onClick={() => setSnippetKey(e.key)}
                >
                  Fragment
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Geschiedenis: ${e.name}`}
                  onClick={() => setHistoryKey(e.key)}
                >
                  Geschiedenis
                </Button>
              </Group>
            )}
          />
        )}
      </QueryState>
      <FormModal
        title={
          dialog?.kind === "weights"
            ? `Verdeling wijzigen: ${target?.name ?? ""}`
            : dialog?.kind === "stop"
              ? `Stoppen en besluiten: ${target?.name ?? ""}`
              : "Experiment toevoegen"
        }
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        onSubmit={submit}
        saving={save.isPending}
        error={form.formError}
        // The form keeps what was typed; the next save sends the fresh version.
        onReload={async () => {
          await queryClient.invalidateQueries({ queryKey: experimentsQuery.queryKey });
          save.reset();
          form.reset(form.values as never);
        }}
        submitLabel={
          dialog?.kind === "stop"
            ? "Stoppen"
            : dialog?.kind === "weights"
              ? "Nieuwe fase starten"
              : "Aanmaken"
        }
      >
        {dialog?.kind === "weights" && target ? (
          <WeightFields experiment={target} form={weightsForm} />
        ) : dialog?.kind === "stop" && target ? (
          <StopFields experiment={target} form={stopForm} />
        ) : (
          <ExperimentFields form={createForm} />
        )}
      </FormModal>
      <SnippetModal experiment={find(snippetKey)} onClose={() => setSnippetKey(null)} />
      <HistoryModal experiment={find(historyKey)} onClose={() => setHistoryKey(null)} />
      {confirm.modal}
    </AdminScreen>
  );
}
