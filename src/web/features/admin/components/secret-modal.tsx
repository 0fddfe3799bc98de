import { Alert, Button, Code, CopyButton, Group, Stack } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { z } from "zod";
import { ADMIN_KEY } from "../api/admin-api.ts";
import { AdminModal } from "./admin-modal.tsx";
import { useZodForm, type ZodForm } from "./use-zod-form.ts";

/**
 * Makes a machine secret (an ingest API key, a report token) and shows it this once: Wasbord keeps only
 * its fingerprint, so it cannot be shown again. `fields` draws the form's fields.
 */
export function SecretModal<V extends object>(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** "de sleutel", "het token" */
  what: string;
  submitLabel: string;
  empty: V;
  schema: z.ZodType;
  create: (values: V) => Promise<{ secret: string }>;
  fields: (form: ZodForm<V>) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const form = useZodForm<V>(props.empty);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: props.create,
    onSuccess: async (created) => {
      setSecret(created.secret);
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
    onError: form.fail,
  });
  const close = () => {
    setSecret(null);
    form.reset(props.empty);
    props.onClose();
  };

  return (
    <AdminModal opened={props.opened} onClose={close} title={props.title} size="lg">
      {secret ? (
        <Stack>
          <Alert role="status" title={`Kopieer ${props.what} nu`}>
            Dit wordt maar één keer getoond. Wasbord bewaart alleen een onherleidbare vingerafdruk; kwijt is
            kwijt, dan maak je een nieuwe.
          </Alert>
          <Code block data-testid="api-key-secret" fz="md" style={{ overflowWrap: "anywhere" }}>
            {secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={secret}>
              {({ copied, copy }) => <Button onClick={copy}>{copied ? "Gekopieerd" : "Kopiëren"}</Button>}
            </CopyButton>
            <Button variant="default" onClick={close}>
              Klaar
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (form.validate(props.schema)) create.mutate(form.values);
          }}
        >
          <Stack gap="sm">
            {form.formError && form.formError.fields.length === 0 && (
              <Alert color="red" role="alert">
                {form.formError.message}
              </Alert>
            )}
            {props.fields(form)}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                Annuleren
              </Button>
              <Button type="submit" loading={create.isPending}>
                {props.submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AdminModal>
  );
}
