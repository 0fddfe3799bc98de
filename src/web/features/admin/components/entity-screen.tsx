import { Button, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Resource } from "../api/admin-api.ts";
import { AdminScreen, type useNotice } from "./admin-screen.tsx";
import { AdminTable, type Column } from "./admin-table.tsx";
import { FormModal } from "./form-modal.tsx";
import { QueryState } from "./query-state.tsx";
import { useActiveToggle, type useConfirm } from "./row-actions.tsx";
import type { EntityEditor } from "./use-entity-editor.ts";

interface Row {
  id: number;
  version: number;
  active: boolean;
}

/**
 * A screen for one kind of row: its list (sort, filter, CSV), "add", and per row "edit" and deactivate or
 * activate, with the create/edit form in a modal. A page declares the columns and the form's fields.
 */
export function EntityScreen<T extends Row, V extends object>(props: {
  resource: Resource;
  title: string;
  intro: string;
  addLabel: string;
  /** The rows, as the table names them and as the CSV file is called: "Items", "items". */
  label: string;
  csvName: string;
  emptyText: string;
  query: UseQueryResult<T[]>;
  columns: Column<T>[];
  editor: EntityEditor<T, V>;
  notice: ReturnType<typeof useNotice>;
  confirm: ReturnType<typeof useConfirm>;
  name: (row: T) => string;
  /** What deactivating does, in a sentence, for the confirmation. */
  consequence: string;
  /** More buttons after "edit" and (de)activate. */
  actions?: (row: T) => ReactNode;
  fields: ReactNode;
  children?: ReactNode;
}) {
  const { editor, notice, name } = props;
  const activeToggle = useActiveToggle<T>({
    resource: props.resource,
    notice,
    confirm: props.confirm,
    name,
    consequence: props.consequence,
  });
  return (
    <AdminScreen
      title={props.title}
      intro={props.intro}
      actions={<Button onClick={() => editor.open(null)}>{props.addLabel}</Button>}
      notice={notice.notice}
      onNoticeClose={notice.clear}
    >
      <QueryState query={props.query} what={`de ${props.label.toLowerCase()}`}>
        {(rows) => (
          <AdminTable
            label={props.label}
            csvName={props.csvName}
            rows={rows}
            columns={props.columns}
            rowKey={(row) => row.id}
            isActive={(row) => row.active}
            empty={<Text>{props.emptyText}</Text>}
            actions={(row) => (
              <>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => editor.open(row)}
                  aria-label={`Bewerken: ${name(row)}`}
                >
                  Bewerken
                </Button>
                {props.actions?.(row)}
                {activeToggle(row)}
              </>
            )}
          />
        )}
      </QueryState>
      <FormModal
        title={editor.editing ? `${name(editor.editing)} bewerken` : props.addLabel}
        opened={editor.opened}
        onClose={editor.close}
        onSubmit={editor.submit}
        saving={editor.saving}
        error={editor.form.formError}
        onReload={editor.reload}
      >
        {props.fields}
      </FormModal>
      {props.confirm.modal}
      {props.children}
    </AdminScreen>
  );
}
