import { Badge, Select, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import {
  type AdminUser,
  type Role,
  type UserCreate,
  userCreateSchema,
  userUpdateSchema,
} from "../../../../shared/admin/users.ts";
import { formatDateTime } from "../../../../shared/format.ts";
import { usersQuery } from "../api/admin-api.ts";
import { useNotice } from "../components/admin-screen.tsx";
import type { Column } from "../components/admin-table.tsx";
import { EntityScreen } from "../components/entity-screen.tsx";
import { useConfirm } from "../components/row-actions.tsx";
import { activeStatus, statusColumn } from "../components/status-badge.tsx";
import { useEntityEditor } from "../components/use-entity-editor.ts";
import { options, roleLabels } from "../labels.ts";

const displayName = (user: AdminUser) => user.name ?? user.email;
const lastSignIn = (u: AdminUser) => (u.lastSignInAt ? formatDateTime(u.lastSignInAt) : "nooit");

const columns: Column<AdminUser>[] = [
  { key: "name", label: "Naam", value: (u) => u.name },
  { key: "email", label: "E-mail", value: (u) => u.email },
  {
    key: "role",
    label: "Rol",
    value: (u) => roleLabels[u.role],
    render: (u) => (
      <Badge variant="outline" color={u.role === "beheerder" ? "blue" : "gray"} miw="max-content">
        {roleLabels[u.role]}
      </Badge>
    ),
  },
  statusColumn((u) => activeStatus(u.active)),
  {
    key: "lastSignInAt",
    label: "Laatst ingelogd",
    nowrap: true,
    value: (u) => u.lastSignInAt,
    csv: lastSignIn,
    render: (u) => (u.lastSignInAt ? lastSignIn(u) : <Text c="dimmed">nooit</Text>),
  },
];

const empty: UserCreate = { email: "", name: "", role: "analist" };

export function UsersPage({ title }: { title: string }) {
  const notice = useNotice();
  const editor = useEntityEditor<AdminUser, UserCreate>({
    resource: "users",
    listKey: usersQuery.queryKey,
    createSchema: userCreateSchema,
    updateSchema: userUpdateSchema,
    empty,
    fromRow: (user) => ({ email: user.email, name: user.name ?? "", role: user.role }),
    onSaved: (user, created) =>
      notice.success(created ? `${user.email} is toegevoegd.` : `${displayName(user)} is opgeslagen.`),
  });
  const { form } = editor;
  const editing = editor.editing !== null;

  return (
    <EntityScreen
      resource="users"
      title={title}
      intro="Wie Wasbord mag gebruiken. Een beheerder mag alles, een analist alleen rapportages bekijken."
      addLabel="Gebruiker toevoegen"
      label="Gebruikers"
      csvName="gebruikers"
      emptyText="Er zijn nog geen gebruikers."
      query={useQuery(usersQuery)}
      columns={columns}
      editor={editor}
      notice={notice}
      confirm={useConfirm()}
      name={displayName}
      consequence="Deze gebruiker kan dan niet meer inloggen bij Wasbord. Je kunt de gebruiker later weer activeren."
      fields={
        <>
          <TextInput
            label="E-mailadres"
            description={
              editing
                ? "Het e-mailadres is de inlognaam en ligt vast."
                : "Het adres waarmee de persoon inlogt."
            }
            type="email"
            required
            disabled={editing}
            {...form.text("email")}
          />
          <TextInput
            label="Naam"
            description="Mag leeg blijven; dan verschijnt de naam van het inlogaccount."
            {...form.text("name")}
          />
          <Select<Role>
            label="Rol"
            required
            allowDeselect={false}
            data={options(roleLabels)}
            {...form.choice("role")}
          />
        </>
      }
    />
  );
}
