import { Button, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ADMIN_KEY, type Resource, setActive } from "../api/admin-api.ts";
import { AdminModal } from "./admin-modal.tsx";
import type { useNotice } from "./admin-screen.tsx";

type Notices = ReturnType<typeof useNotice>;

/**
 * A change made from a list row (deactivate, move, revoke): says what happened in the screen's message
 * line and refreshes the admin data afterwards, also after a failure, so a stale version is replaced.
 */
export function useRowAction<A, R>(
  run: (arg: A) => Promise<R>,
  notice: Notices,
  success: (result: R) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => notice.success(success(result)),
    onError: notice.error,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

interface Confirmation {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

/** Asks before something a person might regret; `modal` goes once into the screen. */
export function useConfirm() {
  const [pending, setPending] = useState<Confirmation | null>(null);
  const close = () => setPending(null);
  const modal = (
    <AdminModal opened={pending !== null} onClose={close} title={pending?.title}>
      <Stack>
        <Text>{pending?.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Annuleren
          </Button>
          <Button
            color="red"
            onClick={() => {
              pending?.onConfirm();
              close();
            }}
          >
            {pending?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AdminModal>
  );
  return { ask: setPending, modal };
}

/** The deactivate/activate button of a row; deactivating asks first and says what it means. */
export function useActiveToggle<T extends { id: number; version: number; active: boolean }>(options: {
  resource: Resource;
  notice: Notices;
  confirm: ReturnType<typeof useConfirm>;
  name: (row: T) => string;
  /** What deactivating does, in a sentence: "Deze gebruiker kan dan niet meer inloggen." */
  consequence: string;
}) {
  const { name } = options;
  const toggle = useRowAction(
    (row: T) => setActive<T>(options.resource, row.id, { active: !row.active, version: row.version }),
    options.notice,
    (row) => `${name(row)} is ${row.active ? "weer actief" : "gedeactiveerd"}.`,
  );
  return (row: T) => (
    <Button
      size="xs"
      variant="default"
      loading={toggle.isPending && toggle.variables?.id === row.id}
      aria-label={`${row.active ? "Deactiveren" : "Activeren"}: ${name(row)}`}
      onClick={() =>
        row.active
          ? options.confirm.ask({
              title: `${name(row)} deactiveren?`,
              message: options.consequence,
              confirmLabel: "Deactiveren",
              onConfirm: () => toggle.mutate(row),
            })
          : toggle.mutate(row)
      }
    >
      {row.active ? "Deactiveren" : "Activeren"}
    </Button>
  );
}
