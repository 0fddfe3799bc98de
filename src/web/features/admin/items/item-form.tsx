import { Select, Switch, Textarea, TextInput } from "@mantine/core";
import { type ItemCreate, type ItemKind, vatRates } from "../../../../shared/admin/items.ts";
import type { ZodForm } from "../components/use-zod-form.ts";
import { itemKindLabels, options } from "../labels.ts";

const vatOptions = vatRates.map((rate) => ({
  value: rate,
  label: rate === 21 ? "21% (hoog tarief)" : rate === 9 ? "9% (laag tarief)" : "0%",
}));

/** The fields of an item; the code is fixed once the item exists, because tills send it. */
export function ItemFields({ form, editing }: { form: ZodForm<ItemCreate>; editing: boolean }) {
  return (
    <>
      <TextInput
        label="Code"
        description={
          editing
            ? "De code ligt vast: kassa's sturen hem mee bij elke verkoop."
            : "Kleine letters, cijfers en streepjes, zoals super-plus. Kassa's sturen deze code mee."
        }
        required
        disabled={editing}
        {...form.text("code")}
      />
      <TextInput label="Naam" required {...form.text("name")} />
      <Select<ItemKind>
        label="Soort"
        required
        allowDeselect={false}
        data={options(itemKindLabels)}
        {...form.choice("kind")}
      />
      <TextInput
        label="Prijs inclusief btw"
        description="In euro's, zoals 12,95"
        required
        inputMode="decimal"
        leftSection="€"
        {...form.text("price")}
      />
      <Select<number>
        label="Btw-tarief"
        required
        allowDeselect={false}
        data={vatOptions}
        {...form.choice("vatRatePercent")}
      />
      <Textarea label="Omschrijving" autosize minRows={2} {...form.text("description")} />
      <Switch
        label="Actief (te koop)"
        checked={form.values.active}
        error={form.errors.active}
        onChange={(event) => form.set("active", event.currentTarget.checked)}
      />
    </>
  );
}
