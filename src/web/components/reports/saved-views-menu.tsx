import {
  Alert,
  Button,
  CloseButton,
  Group,
  Loader,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import type { SavedView, SavedViewInput } from "../../../shared/reports/saved-views.ts";
import { SAVED_VIEW_NAME_MAX } from "../../../shared/reports/saved-views.ts";
import { ApiRequestError, apiFetch } from "../../lib/http.ts";

// Saved views of a report: the signed-in person's own names for this screen with its filters. The query
// string is the view, so opening one is following a link, and "Link kopiëren" shares the current one.

const savedViewsQuery = (report: string) =>
  queryOptions({
    queryKey: ["saved-views", report],
    queryFn: ({ signal }) =>
      apiFetch<SavedView[]>(`/api/saved-views?report=${encodeURIComponent(report)}`, { signal }),
  });

const queryString = (search: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(search).filter((entry): entry is [string, string] => !!entry[1]),
  ).toString();

/** `search`: the screen's filters and its tables' column choices, the query string a view keeps. */
export function SavedViewsMenu({
  report,
  search,
}: {
  report: string;
  search: Record<string, string | undefined>;
}) {
  const { pathname } = useLocation();
  const client = useQueryClient();
  const views = useQuery(savedViewsQuery(report));
  const [naming, setNaming] = useState(false);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/api/saved-views/${id}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: ["saved-views", report] }),
  });

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied(null), 2500);
  };

  return (
    <>
      <Menu position="bottom-end" width={280} withinPortal>
        <Menu.Target>
          <Button variant="default" data-testid="saved-views-button">
            Weergaven
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="saved-views-menu">
          <Menu.Label>Mijn weergaven van dit rapport</Menu.Label>
          {views.isPending ? (
            <Group p="xs">
              <Loader size="xs" role="status" aria-label="Weergaven laden" />
            </Group>
          ) : views.isError ? (
            <Text size="sm" c="red" p="xs" role="alert">
              De weergaven konden niet worden geladen.
            </Text>
          ) : views.data.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              Nog geen weergaven opgeslagen.
            </Text>
          ) : (
            views.data.map((view) => (
              <Group key={view.id} gap={0} wrap="nowrap">
                <Menu.Item component={Link} to={`${pathname}?${view.query}`} style={{ flex: 1 }}>
                  {view.name}
                </Menu.Item>
                <CloseButton
                  aria-label={`Weergave ${view.name} verwijderen`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(view.id)}
                />
              </Group>
            ))
          )}
          {remove.isError && (
            <Text size="sm" c="red" p="xs" role="alert">
              {remove.error.message}
            </Text>
          )}
          <Menu.Divider />
          <Menu.Item onClick={() => setNaming(true)}>Weergave opslaan…</Menu.Item>
          <Menu.Item onClick={copyLink} closeMenuOnClick={false}>
            {copied === "yes" ? "Link gekopieerd" : "Link kopiëren"}
          </Menu.Item>
          {copied === "failed" && (
            <Text size="xs" p="xs" style={{ wordBreak: "break-all" }}>
              Kopiëren lukte niet; dit is de link: {window.location.href}
            </Text>
          )}
        </Menu.Dropdown>
      </Menu>
      <SaveViewModal
        opened={naming}
        onClose={() => setNaming(false)}
        input={{ report, query: queryString(search) }}
      />
    </>
  );
}

function SaveViewModal({
  opened,
  onClose,
  input,
}: {
  opened: boolean;
  onClose: () => void;
  input: Omit<SavedViewInput, "name">;
}) {
  const client = useQueryClient();
  const [name, setName] = useState("");
  const save = useMutation({
    mutationFn: (body: SavedViewInput) => apiFetch<SavedView>("/api/saved-views", { method: "POST", body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["saved-views", input.report] });
      close();
    },
  });
  const close = () => {
    setName("");
    save.reset();
    onClose();
  };
  const fields = save.error instanceof ApiRequestError ? save.error.fields : [];
  const nameError = fields.find((field) => field.path === "name")?.message;
  const otherErrors =
    save.error && !nameError ? (fields.length ? fields.map((f) => f.message) : [save.error.message]) : [];

  return (
    <Modal opened={opened} onClose={close} title="Weergave opslaan">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ ...input, name });
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Bewaart dit rapport met de filters die nu gelden (periode, vergelijking, vestigingen en overige
            filters). Alleen jij ziet je weergaven; de link kun je delen.
          </Text>
          {otherErrors.length > 0 && (
            <Alert color="red" role="alert">
              {otherErrors.join(" ")}
            </Alert>
          )}
          <TextInput
            label="Naam"
            placeholder="Bijvoorbeeld: Pin in Utrecht en Zeist"
            required
            maxLength={SAVED_VIEW_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annuleren
            </Button>
            <Button type="submit" loading={save.isPending}>
              Opslaan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
