import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  type CreatedReportToken,
  type ReportTokenCreate,
  reportTokenCreateSchema,
} from "../../../../shared/admin/report-tokens.ts";
import { ADMIN_KEY, createReportToken } from "../api/admin-api.ts";
import { AdminModal } from "../components/admin-modal.tsx";
import { SecretReveal } from "../components/secret-reveal.tsx";
import { useZodForm } from "../components/use-zod-form.ts";

const empty: ReportTokenCreate = { name: "", scope: "reports" };

/** Issues a read-only report token and shows it once. */
export function ReportTokenModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm<ReportTokenCreate>(empty);
  const [created, setCreated] = useState<CreatedReportToken | null>(null);
  const create = useMutation({
    mutationFn: createReportToken,
    onSuccess: async (token) => {
      setCreated(token);
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
    onError: form.fail,
  });
  const close = () => {
    setCreated(null);
    form.reset(empty);
    onClose();
  };

  return (
    <AdminModal opened={opened} onClose={close} title="Nieuw API-token" size="lg">
      {created ? (
        <SecretReveal what="het token" secret={created.secret} onDone={close} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (form.validate(reportTokenCreateSchema)) create.mutate(form.values);
          }}
        >
          <Stack gap="sm">
            {form.formError && form.formError.fields.length === 0 && (
              <Alert color="red" role="alert">
                {form.formError.message}
              </Alert>
            )}
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
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                Annuleren
              </Button>
              <Button type="submit" loading={create.isPending}>
                Token maken
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AdminModal>
  );
}
