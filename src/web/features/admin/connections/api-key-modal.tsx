import { Alert, Button, Group, Select, Stack, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  type ApiKeyCreate,
  type ApiKeyScope,
  apiKeyCreateSchema,
  type CreatedApiKey,
} from "../../../../shared/admin/connections.ts";
import { ADMIN_KEY, createApiKey, sitesQuery } from "../api/admin-api.ts";
import { AdminModal } from "../components/admin-modal.tsx";
import { SecretReveal } from "../components/secret-reveal.tsx";
import { useZodForm } from "../components/use-zod-form.ts";
import { options, scopeLabels } from "../labels.ts";

const empty: ApiKeyCreate = { name: "", scope: "plate-reads", siteId: null };

/** Creates an API key and shows its secret once: it is not stored, so it cannot be shown again. */
export function ApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const sites = useQuery(sitesQuery);
  const form = useZodForm<ApiKeyCreate>(empty);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: async (key) => {
      setCreated(key);
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
    <AdminModal opened={opened} onClose={close} title="Nieuwe API-sleutel" size="lg">
      {created ? (
        <SecretReveal what="de sleutel" secret={created.secret} onDone={close} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (form.validate(apiKeyCreateSchema)) create.mutate(form.values);
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
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                Annuleren
              </Button>
              <Button type="submit" loading={create.isPending}>
                Sleutel maken
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AdminModal>
  );
}
