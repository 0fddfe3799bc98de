import { TextInput } from "@mantine/core";
import { type ReportTokenCreate, reportTokenCreateSchema } from "../../../../shared/admin/report-tokens.ts";
import { createReportToken } from "../api/admin-api.ts";
import { SecretModal } from "../components/secret-modal.tsx";

const empty: ReportTokenCreate = { name: "", scope: "reports" };

/** Issues a read-only report token and shows it once. */
export function ReportTokenModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <SecretModal
      opened={opened}
      onClose={onClose}
      title="Nieuw API-token"
      what="het token"
      submitLabel="Token maken"
      empty={empty}
      schema={reportTokenCreateSchema}
      create={createReportToken}
      fields={(form) => (
        <>
          <TextInput
            label="Naam"
            description="Wie of wat het token gebruikt, zoals 'Power BI financiën'"
            required
            {...form.text("name")}
          />
          <TextInput
            label="Geldig voor"
            value="Rapporten (alleen lezen)"
            readOnly
            description="Een token kan alleen rapporten ophalen: als JSON, CSV of Excel. Kentekens zijn gemaskeerd, zoals voor een analist."
          />
        </>
      )}
    />
  );
}
