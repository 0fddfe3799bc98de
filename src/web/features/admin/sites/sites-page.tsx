import { NumberInput, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import {
  type AdminSite,
  DEFAULT_CARS_PER_LANE_HOUR,
  type SiteCreate,
  siteCreateSchema,
  siteUpdateSchema,
} from "../../../../shared/admin/sites.ts";
import { formatNumber } from "../../../../shared/format.ts";
import { sitesQuery } from "../api/admin-api.ts";
import { useNotice } from "../components/admin-screen.tsx";
import type { Column } from "../components/admin-table.tsx";
import { EntityScreen } from "../components/entity-screen.tsx";
import { useConfirm } from "../components/row-actions.tsx";
import { activeStatus, statusColumn } from "../components/status-badge.tsx";
import { useEntityEditor } from "../components/use-entity-editor.ts";
import type { ZodForm } from "../components/use-zod-form.ts";

const coordinate = new Intl.NumberFormat("nl-NL", { minimumFractionDigits: 4, maximumFractionDigits: 6 });
const location = (s: AdminSite) => `${coordinate.format(s.lat)}, ${coordinate.format(s.lon)}`;
const postcode = (s: AdminSite) => `${s.postcode.slice(0, 4)} ${s.postcode.slice(4)}`;

const columns: Column<AdminSite>[] = [
  { key: "code", label: "Code", value: (s) => s.code },
  { key: "name", label: "Naam", value: (s) => s.name },
  { key: "address", label: "Adres", value: (s) => s.address },
  { key: "postcode", label: "Postcode", value: (s) => s.postcode, render: postcode, csv: postcode },
  { key: "city", label: "Plaats", value: (s) => s.city },
  {
    key: "lanes",
    label: "Wasstraten",
    align: "right",
    value: (s) => s.lanes,
    render: (s) => formatNumber(s.lanes),
  },
  {
    key: "carsPerLaneHour",
    label: "Auto's per straat per uur",
    align: "right",
    value: (s) => s.carsPerLaneHour,
    render: (s) => formatNumber(s.carsPerLaneHour),
  },
  { key: "location", label: "Locatie", value: location },
  statusColumn((s) => activeStatus(s.active)),
];

// Utrecht's centre: a sensible start for a chain around Utrecht, and never outside the Netherlands.
const empty: SiteCreate = {
  code: "",
  name: "",
  address: "",
  postcode: "",
  city: "",
  lat: 52.0907,
  lon: 5.1214,
  lanes: 1,
  carsPerLaneHour: DEFAULT_CARS_PER_LANE_HOUR,
  active: true,
};

const numberOrNaN = (value: string | number) => (typeof value === "number" ? value : Number.NaN);

function SiteFields({ form, editing }: { form: ZodForm<SiteCreate>; editing: boolean }) {
  const { values, errors } = form;
  const text = (key: "name" | "address" | "postcode" | "city", label: string, required = true) => (
    <TextInput label={label} required={required} {...form.text(key)} />
  );
  const number = (
    key: "lat" | "lon" | "lanes" | "carsPerLaneHour",
    label: string,
    decimals: number,
    description?: string,
  ) => (
    <NumberInput
      label={label}
      description={description}
      required
      decimalScale={decimals}
      allowDecimal={decimals > 0}
      decimalSeparator=","
      value={values[key]}
      error={errors[key]}
      onChange={(value) => form.set(key, numberOrNaN(value))}
    />
  );
  return (
    <>
      <SimpleGrid cols={2}>
        <TextInput
          label="Code"
          description={
            editing ? "De code ligt vast: camera's en kassa's sturen hem mee." : "Zoals utrecht-noord"
          }
          required
          disabled={editing}
          {...form.text("code")}
        />
        {text("name", "Naam")}
      </SimpleGrid>
      {text("address", "Adres", false)}
      <SimpleGrid cols={2}>
        {text("postcode", "Postcode")}
        {text("city", "Plaats")}
      </SimpleGrid>
      <SimpleGrid cols={3}>
        {number("lat", "Breedtegraad", 6)}
        {number("lon", "Lengtegraad", 6)}
        {number("lanes", "Aantal wasstraten", 0)}
      </SimpleGrid>
      {number(
        "carsPerLaneHour",
        "Auto's per wasstraat per uur",
        0,
        "Op volle snelheid. Het live-scherm rekent met wasstraten × dit als capaciteit.",
      )}
      <Switch
        label="Actief"
        checked={values.active}
        onChange={(event) => form.set("active", event.currentTarget.checked)}
      />
    </>
  );
}

export function SitesPage({ title }: { title: string }) {
  const notice = useNotice();
  const editor = useEntityEditor<AdminSite, SiteCreate>({
    resource: "sites",
    listKey: sitesQuery.queryKey,
    createSchema: siteCreateSchema,
    updateSchema: siteUpdateSchema,
    empty,
    fromRow: ({ id: _, version: __, address, ...site }) => ({ ...site, address: address ?? "" }),
    onSaved: (site, created) => notice.success(`${site.name} is ${created ? "toegevoegd" : "opgeslagen"}.`),
  });

  return (
    <EntityScreen
      resource="sites"
      title={title}
      intro="De wasstraten van de keten, met hun ligging. Camera's en kassa's melden zich met de code van hun vestiging."
      addLabel="Vestiging toevoegen"
      label="Vestigingen"
      csvName="vestigingen"
      emptyText="Er zijn nog geen vestigingen."
      query={useQuery(sitesQuery)}
      columns={columns}
      editor={editor}
      notice={notice}
      confirm={useConfirm()}
      name={(site) => site.name}
      consequence="De vestiging verdwijnt dan uit de keuzelijsten en de versheidsbewaking; haar gegevens blijven bewaard."
      fields={<SiteFields form={editor.form} editing={editor.editing !== null} />}
    />
  );
}
