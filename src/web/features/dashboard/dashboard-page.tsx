import { Title } from "@mantine/core";

export function DashboardPage() {
  return <Title order={1}>Dashboard</Title>;
}
