import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  type Annotation,
  NOTE_MAX_LENGTH,
  noteCreateSchema,
} from "../../../../shared/annotations/annotations.ts";
import { formatDate } from "../../../../shared/format.ts";
import { ApiRequestError } from "../../../lib/http.ts";
import { DateField } from "../../date-field.tsx";
import { reportsIndexQuery } from "../report-query.ts";
import { createNote, deleteNote } from "./annotations-api.ts";

type Errors = Partial<Record<"date" | "site" | "text", string>>;

/** Field errors by the first part of their path, from the shared schema or from the server's answer. */
const byField = (fields: { path: string; message: string }[]): Errors =>
  Object.fromEntries(fields.map((f) => [f.path.split(/[.[]/)[0], f.message]).reverse());

/**
 * A beheerder's notes on the charts: a small form (date, optional site, text) and the notes of the period
 * with a delete button each. Validated with the endpoint's schema; the server's field errors land on the
 * same fields.
 */
export function NotesModal(props: {
  opened: boolean;
  onClose: () => void;
  initialDate: string;
  initialSite: string | null;
  notes: Annotation[];
}) {
  const client = useQueryClient();
  const sites = useQuery(reportsIndexQuery);
  const [date, setDate] = useState(props.initialDate);
  const [site, setSite] = useState<string | null>(props.initialSite);
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const refresh = () => client.invalidateQueries({ queryKey: ["annotations"] });

  const save = useMutation({
    mutationFn: createNote,
    onSuccess: async () => {
      await refresh();
      setText("");
      props.onClose();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError) setErrors(byField(error.fields));
    },
  });
  const remove = useMutation({ mutationFn: deleteNote, onSettled: refresh });

  const submit = () => {
    const input = { date, site, text };
    const parsed = noteCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(byField(parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }))));
      return;
    }
    setErrors({});
    save.mutate(input);
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      centered
      title="Notitie toevoegen"
      closeButtonProps={{ "aria-label": "Venster sluiten" }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {save.error && Object.keys(errors).length === 0 && (
            <Alert color="red" role="alert" title="Opslaan lukte niet">
              {save.error.message}
            </Alert>
          )}
          <DateField label="Datum" required value={date} error={errors.date} onChange={setDate} />
          <Select
            label="Vestiging"
            description="Leeg: geldt voor de hele keten"
            clearable
            placeholder="Hele keten"
            data={(sites.data?.sites ?? []).map((s) => ({ value: s.code, label: s.name }))}
            value={site}
            error={errors.site}
            onChange={setSite}
          />
          <Textarea
            label="Tekst"
            required
            autosize
            minRows={2}
            description={`${text.trim().length} van hoogstens ${NOTE_MAX_LENGTH} tekens`}
            value={text}
            error={errors.text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Annuleren
            </Button>
            <Button type="submit" loading={save.isPending}>
              Opslaan
            </Button>
          </Group>
        </Stack>
      </form>
      {props.notes.length > 0 && (
        <Stack gap={6} mt="lg">
          <Title order={3} size="h6">
            Notities in deze periode
          </Title>
          {remove.error && (
            <Text size="sm" c="red" role="alert">
              {remove.error.message}
            </Text>
          )}
          {props.notes.map((note) => (
            <Group key={note.id} gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
              <Text size="sm">
                <b>{formatDate(note.date)}</b>
                {note.site && ` · ${note.site.name}`} — {note.text}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Notitie van ${formatDate(note.date)} verwijderen`}
                loading={remove.isPending && remove.variables === note.id}
                onClick={() => remove.mutate(note.id as number)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
