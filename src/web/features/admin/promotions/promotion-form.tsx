import { MultiSelect, NumberInput, Select, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { Channel, PromotionCreate, PromotionKind } from "../../../../shared/admin/promotions.ts";
import { affiliatesQuery, itemsQuery } from "../api/admin-api.ts";
import type { ZodForm } from "../components/use-zod-form.ts";
import { channelLabels, options, promotionKindLabels } from "../labels.ts";

/** The fields of a promotion. The value's meaning follows the kind: a percentage, a euro amount, or none. */
export function PromotionFields({ form, editing }: { form: ZodForm<PromotionCreate>; editing: boolean }) {
  const items = useQuery(itemsQuery);
  const affiliates = useQuery({ ...affiliatesQuery, enabled: form.values.channel === "affiliate" });
  const { values, errors } = form;
  return (
    <>
      <SimpleGrid cols={2}>
        <TextInput label="Naam" required {...form.text("name")} />
        <TextInput
          label="Code"
          description={
            editing ? "De code ligt vast." : "Zoals zomer-2026; kassa's en de website gebruiken hem."
          }
          required
          disabled={editing}
          {...form.text("code")}
        />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <Select<PromotionKind>
          label="Soort korting"
          required
          allowDeselect={false}
          data={options(promotionKindLabels)}
          {...form.choice("kind")}
        />
        {values.kind !== "gratis-upgrade" && (
          <TextInput
            label={values.kind === "percentage" ? "Korting in procenten" : "Korting in euro's"}
            description={values.kind === "percentage" ? "Een heel getal, zoals 20" : "Zoals 5,00"}
            required
            inputMode={values.kind === "percentage" ? "numeric" : "decimal"}
            leftSection={values.kind === "bedrag" ? "€" : undefined}
            rightSection={values.kind === "percentage" ? "%" : undefined}
            {...form.text("value")}
          />
        )}
      </SimpleGrid>
      <MultiSelect<number>
        label="Geldt voor"
        description="De items waarop de korting van toepassing is"
        required
        searchable
        placeholder={items.isPending ? "Items laden…" : "Kies items"}
        nothingFoundMessage="Geen items gevonden"
        data={(items.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
        value={values.itemIds}
        error={errors.itemIds ?? (items.isError ? "De items konden niet worden geladen." : undefined)}
        onChange={(value) => form.set("itemIds", value)}
      />
      <SimpleGrid cols={2}>
        <Select<Channel>
          label="Kanaal"
          required
          allowDeselect={false}
          data={options(channelLabels)}
          value={values.channel}
          error={errors.channel}
          onChange={(value) => {
            if (!value) return;
            form.set("channel", value);
            if (value !== "affiliate") form.set("affiliateId", null);
          }}
        />
        {values.channel === "affiliate" && (
          <Select<number>
            label="Affiliate"
            clearable
            description="Leeg: geen bepaalde affiliate"
            data={(affiliates.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            {...form.choice("affiliateId")}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={3}>
        <TextInput label="Geldig vanaf" type="date" required {...form.text("validFrom")} />
        <TextInput
          label="Geldig tot en met"
          description="Leeg: geen einddatum"
          type="date"
          value={values.validTo ?? ""}
          error={errors.validTo}
          onChange={(event) => form.set("validTo", event.currentTarget.value || null)}
        />
        <NumberInput
          label="Maximaal aantal keer"
          description="Leeg: onbeperkt"
          min={1}
          allowDecimal={false}
          thousandSeparator="."
          decimalSeparator=","
          value={values.maxRedemptions ?? ""}
          error={errors.maxRedemptions}
          onChange={(value) => form.set("maxRedemptions", typeof value === "number" ? value : null)}
        />
      </SimpleGrid>
      <Switch
        label="Actief"
        checked={values.active}
        error={errors.active}
        onChange={(event) => form.set("active", event.currentTarget.checked)}
      />
    </>
  );
}
