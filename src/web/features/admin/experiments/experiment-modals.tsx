import { Button, Code, CopyButton, NumberInput, Select, Stack, Text, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { Experiment } from "../../../../shared/experiments/definitions.ts";
import { experimentHistoryQuery } from "../api/admin-api.ts";
import { AdminModal } from "../components/admin-modal.tsx";
import { AuditList } from "../components/audit-list.tsx";
import { QueryState } from "../components/query-state.tsx";
import type { ZodForm } from "../components/use-zod-form.ts";

/** The new weights of a running experiment, one per variant. */
export function WeightFields({
  experiment,
  form,
}: {
  experiment: Experiment;
  form: ZodForm<{ weights: Record<string, number | string> }>;
}) {
  return (
    <>
      <Text size="sm">
        Een nieuwe verdeling start een nieuwe fase: bezoekers van voor en na de wijziging worden niet samen
        geteld. Plak daarna het bijgewerkte fragment op de website.
      </Text>
      {experiment.variants.map((variant) => (
        <NumberInput
          key={variant.key}
          label={`Gewicht ${variant.name}`}
          min={1}
          max={1000}
          allowDecimal={false}
          value={form.values.weights[variant.key] ?? ""}
          error={form.errors.weights}
          onChange={(value) => form.set("weights", { ...form.values.weights, [variant.key]: value })}
        />
      ))}
    </>
  );
}

/** Which variant goes live and why; recorded with the stop. */
export function StopFields({
  experiment,
  form,
}: {
  experiment: Experiment;
  form: ZodForm<{ decision: string | null; conclusion: string }>;
}) {
  return (
    <>
      <Text size="sm">Na het stoppen telt het experiment niets meer mee. Leg vast wat er besloten is.</Text>
      <Select
        label="Besluit"
        placeholder="Geen keuze gemaakt"
        clearable
        data={experiment.variants.map((v) => ({
          value: v.key,
          label: v.isControl ? `${v.name} houden (controle)` : `${v.name} invoeren`,
        }))}
        {...form.choice("decision")}
      />
      <Textarea
        label="Conclusie"
        description="Wat heb je geleerd, en waarom dit besluit?"
        required
        autosize
        minRows={3}
        {...form.text("conclusion")}
      />
    </>
  );
}

/** The code the website needs: the tracker, a stable variant per visitor by the weights, the exposure. */
export function trackingSnippet(experiment: Experiment, origin: string): string {
  const weights = JSON.stringify(Object.fromEntries(experiment.variants.map((v) => [v.key, v.weight])));
  const storageKey = `wasbord-${experiment.key}`;
  return `<script>window.wasbord=window.wasbord||function(){(wasbord.q=wasbord.q||[]).push(arguments)};</script>
<script defer src="${origin}/t.js" data-site="wasbord.nl"></script>
<script>
  (function () {
    // Kies één keer per browser een variant volgens de verdeling ${experiment.variants.map((v) => v.weight).join(":")}.
    var weights = ${weights};
    var variant = localStorage.getItem("${storageKey}");
    if (!(variant in weights)) {
      var total = 0, pick, name;
      for (name in weights) total += weights[name];
      pick = Math.random() * total;
      for (name in weights) { variant = name; pick -= weights[name]; if (pick < 0) break; }
      localStorage.setItem("${storageKey}", variant);
    }
    document.documentElement.setAttribute("data-${experiment.key}", variant); // toon de variant met CSS
    wasbord("experiment", "${experiment.key}", variant);
  })();
</script>`;
}

export function SnippetModal({
  experiment,
  onClose,
}: {
  experiment: Experiment | null;
  onClose: () => void;
}) {
  const snippet = experiment ? trackingSnippet(experiment, window.location.origin) : "";
  return (
    <AdminModal
      opened={experiment !== null}
      onClose={onClose}
      title={`Fragment voor de website: ${experiment?.name ?? ""}`}
      size="xl"
    >
      <Stack>
        <Text size="sm">
          Plak dit op de pagina van het experiment (vervang data-site door de naam van de website). Het
          fragment kiest per bezoeker een variant volgens de verdeling en meldt die aan Wasbord; laat de
          pagina de variant tonen via het attribuut data-{experiment?.key}. Een aankoop meld je met
          wasbord(&quot;conversion&quot;, {"{"} value: 19.95 {"}"}).
        </Text>
        <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }} aria-label="Trackingfragment">
          {snippet}
        </Code>
        <CopyButton value={snippet}>
          {({ copied, copy }) => (
            <Button onClick={copy} w="fit-content">
              {copied ? "Gekopieerd" : "Kopiëren"}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </AdminModal>
  );
}

/** Every change of one experiment from the audit log: who, when, what. */
export function HistoryModal({
  experiment,
  onClose,
}: {
  experiment: Experiment | null;
  onClose: () => void;
}) {
  const query = useQuery({ ...experimentHistoryQuery(experiment?.key ?? ""), enabled: experiment !== null });
  return (
    <AdminModal
      opened={experiment !== null}
      onClose={onClose}
      title={`Geschiedenis: ${experiment?.name ?? ""}`}
      size="lg"
    >
      <QueryState query={query} what="de geschiedenis">
        {(entries) => <AuditList entries={entries} label="Wijzigingen van het experiment" />}
      </QueryState>
    </AdminModal>
  );
}
