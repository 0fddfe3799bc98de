import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { ADMIN_KEY, createRow, type Resource, updateRow } from "../api/admin-api.ts";
import { useZodForm } from "./use-zod-form.ts";

interface Versioned {
  id: number;
  version: number;
}

/**
 * Opening, validating and saving the create/edit form of one kind of row. An edit sends the version the
 * form was opened with; when the server says that version is stale, `reload` fetches the current row so
 * the person can enter their change again on top of it.
 */
export function useEntityEditor<T extends Versioned, V extends object>(options: {
  resource: Resource;
  listKey: QueryKey;
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  /** Form values of a new row. */
  empty: V;
  /** Form values of an existing row. */
  fromRow: (row: T) => V;
  onSaved: (row: T, created: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  const form = useZodForm<V & { version?: number }>(options.empty);

  const save = useMutation({
    mutationFn: (values: V) =>
      editing ? updateRow<T>(options.resource, editing.id, values) : createRow<T>(options.resource, values),
    onSuccess: async (row) => {
      setOpened(false);
      options.onSaved(row, editing === null);
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
    onError: form.fail,
  });

  const load = (row: T | null) => {
    setEditing(row);
    form.reset(row ? { ...options.fromRow(row), version: row.version } : options.empty);
  };

  return {
    form,
    opened,
    editing,
    saving: save.isPending,
    open(row: T | null) {
      load(row);
      save.reset();
      setOpened(true);
    },
    close: () => setOpened(false),
    submit() {
      if (form.validate(editing ? options.updateSchema : options.createSchema)) save.mutate(form.values);
    },
    async reload() {
      if (!editing) return;
      await queryClient.invalidateQueries({ queryKey: options.listKey });
      const rows = queryClient.getQueryData<T[]>(options.listKey) ?? [];
      const fresh = rows.find((row) => row.id === editing.id);
      if (fresh) load(fresh);
      else setOpened(false);
    },
  };
}

export type EntityEditor<T extends Versioned, V extends object> = ReturnType<typeof useEntityEditor<T, V>>;
