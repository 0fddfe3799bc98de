import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import type {
  ExperimentCreate,
  ExperimentGuardrail,
  ExperimentMetric,
} from "../../../../shared/experiments/definitions.ts";
import { guardrailLabels, metricLabels } from "../../../lib/experiment-labels.ts";
import type { ZodForm } from "../components/use-zod-form.ts";
import { options } from "../labels.ts";

export type ExperimentFormValues = Omit<ExperimentCreate, "variants"> & {
  variants: { key: string; name: string; weight: number | string; isControl: boolean }[];
};

export const emptyExperiment = (): ExperimentFormValues => ({
  key: "",
  name: "",
  hypothesis: "",
  metric: "conversion_rate",
  guardrail: "bounce_rate",
  variants: [
    { key: "controle", name: "Huidige versie", weight: 1, isControl: true },
    { key: "b", name: "Nieuwe versie", weight: 1, isControl: false },
  ],
  start: true,
});

/** The fields of a new experiment: what is tested, what decides, and its variants with their weights. */
export function ExperimentFields({ form }: { form: ZodForm<ExperimentFormValues> }) {
  const { values, errors } = form;
  const variants = values.variants;
  const setVariant = (index: number, change: Partial<ExperimentFormValues["variants"][number]>) =>
    form.set(
      "variants",
      variants.map((variant, i) =>
        i === index
          ? { ...variant, ...change }
          : change.isControl
            ? { ...variant, isControl: false }
            : variant,
      ),
    );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Naam" required {...form.text("name")} />
        <TextInput
          label="Sleutel"
          description="Zoals hero-foto; de website meldt hiermee wie welke variant zag."
          required
          {...form.text("key")}
        />
      </SimpleGrid>
      <Textarea
        label="Hypothese"
        description="Wat verwacht je, en waarom?"
        autosize
        minRows={2}
        {...form.text("hypothesis")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select<ExperimentMetric>
          label="Primaire metric"
          description="Deze bepaalt het oordeel."
          required
          allowDeselect={false}
          data={options(metricLabels)}
          {...form.choice("metric")}
        />
        <Select<ExperimentGuardrail>
          label="Vangrail"
          description="Mag niet slechter worden."
          clearable
          placeholder="Geen vangrail"
          data={options(guardrailLabels)}
          {...form.choice("guardrail")}
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Varianten
        </Text>
        <Text size="xs" c="dimmed">
          Het gewicht is het deel van de bezoekers: 1 en 1 is half om half. Markeer één variant als controle
          (de huidige versie).
        </Text>
        <Radio.Group
          value={String(variants.findIndex((v) => v.isControl))}
          onChange={(value) => setVariant(Number(value), { isControl: true })}
          error={errors.variants}
          aria-label="Controle"
        >
          <Stack gap="xs">
            {variants.map((variant, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the key may be empty while typing
              <Group key={index} gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  label="Sleutel"
                  aria-label={`Sleutel variant ${index + 1}`}
                  w={130}
                  value={variant.key}
                  onChange={(event) => setVariant(index, { key: event.currentTarget.value })}
                />
                <TextInput
                  label="Naam"
                  aria-label={`Naam variant ${index + 1}`}
                  style={{ flex: 1, minWidth: 140 }}
                  value={variant.name}
                  onChange={(event) => setVariant(index, { name: event.currentTarget.value })}
                />
                <NumberInput
                  label="Gewicht"
                  aria-label={`Gewicht variant ${index + 1}`}
                  w={100}
                  min={1}
                  max={1000}
                  allowDecimal={false}
                  value={variant.weight}
                  onChange={(value) => setVariant(index, { weight: value })}
                />
                <Radio value={String(index)} label="Controle" mb={8} />
                {variants.length > 2 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={4}
                    aria-label={`Variant ${index + 1} verwijderen`}
                    onClick={() =>
                      form.set(
                        "variants",
                        variants.filter((_, i) => i !== index),
                      )
                    }
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        {variants.length < 10 && (
          <Button
            variant="subtle"
            size="xs"
            w="fit-content"
            onClick={() =>
              form.set("variants", [
                ...variants,
                { key: String.fromCharCode(97 + variants.length), name: "", weight: 1, isControl: false },
              ])
            }
          >
            Variant toevoegen
          </Button>
        )}
      </Stack>
      <Switch
        label="Meteen starten"
        description="Uit: het blijft een concept dat je later start."
        checked={values.start ?? true}
        onChange={(event) => form.set("start", event.currentTarget.checked)}
      />
    </>
  );
}
