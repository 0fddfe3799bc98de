import { Select, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import {
  type ApiKeyCreate,
  type ApiKeyScope,
  apiKeyCreateSchema,
} from "../../../../shared/admin/connections.ts";
import { createApiKey, sitesQuery } from "../api/admin-api.ts";
import { SecretModal } from "../components/secret-modal.tsx";
import { options, scopeLabels } from "../labels.ts";

const empty: ApiKeyCreate = { name: "", scope: "plate-reads", siteId: null };

/** Creates an API key and shows its secret once. */
export function ApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const sites = useQuery(sitesQuery);
  return (
    <SecretModal
      opened={opened}
      onClose={onClose}
      title="Nieuwe API-sleutel"
      what="de sleutel"
      submitLabel="Sleutel maken"
      empty={empty}
      schema={apiKeyCreateSchema}
      create={createApiKey}
      fields={(form) => (
        <>
          <TextInput
            label="Naam"
            description="Waar de sleutel voor is, zoals 'Camera Utrecht ingang'"
            required
            {...form.text("name")}
          />
          <Select<ApiKeyScope>
            label="Geldig voor"
            required
            allowDeselect={false}
            data={options(scopeLabels)}
            {...form.choice("scope")}
          />
          <Select<number>
            label="Vestiging"
            description="Leeg: de sleutel mag gegevens van alle vestigingen sturen"
            clearable
            data={(sites.data ?? []).filter((s) => s.active).map((s) => ({ value: s.id, label: s.name }))}
            {...form.choice("siteId")}
          />
        </>
      )}
    />
  );
}
