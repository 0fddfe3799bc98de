import { Alert, Button, Group, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import type { ApiRequestError } from "../../../lib/http.ts";
import { AdminModal } from "./admin-modal.tsx";

/**
 * A create/edit form in a modal: the fields, a form-level error (with "reload" for a stale version) and
 * the buttons, always in view. `noValidate`: the shared zod schema validates, with Dutch messages, not the browser.
 */
export function FormModal(props: {
  title: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: () => void;
  saving: boolean;
  error: ApiRequestError | null;
  onReload?: () => void;
  submitLabel?: string;
  children: ReactNode;
}) {
  const stale = props.error?.status === 409 && props.error.code === "stale_version";
  return (
    <AdminModal opened={props.opened} onClose={props.onClose} title={props.title} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <Stack gap="sm">
          {props.error && (
            <Alert color="red" role="alert" title={stale ? "Niet opgeslagen" : "Opslaan lukte niet"}>
              <Stack gap="xs" align="flex-start">
                <span>
                  {props.error.fields.length > 0 && !stale
                    ? "Controleer de gemarkeerde velden."
                    : props.error.message}
                </span>
                {stale && props.onReload && (
                  <Button size="xs" variant="white" color="red" onClick={props.onReload}>
                    Gegevens opnieuw laden
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          {props.children}
          {/* Sticky at the bottom of the modal, which scrolls: a long form (an experiment's) keeps its
              buttons in view on a laptop's 1366×768 screen. */}
          <Group
            justify="flex-end"
            mt="sm"
            py="sm"
            style={{
              position: "sticky",
              bottom: 0,
              zIndex: 1,
              background: "var(--mantine-color-body)",
              borderTop: "1px solid var(--mantine-color-default-border)",
            }}
          >
            <Button variant="default" onClick={props.onClose}>
              Annuleren
            </Button>
            <Button type="submit" loading={props.saving}>
              {props.submitLabel ?? "Opslaan"}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminModal>
  );
}
