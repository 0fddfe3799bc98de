import { Stack, Text, Title } from "@mantine/core";
import { useLocation } from "react-router";
import { ADMIN_OVERVIEW, ADMIN_SECTIONS, navPages, pageTitle } from "../../../shared/navigation.ts";

export function AdminOverviewPage() {
  return <Title order={1}>{pageTitle(ADMIN_OVERVIEW)}</Title>;
}

/** The page of an admin path of the navigation. */
export function AdminPage() {
  const { pathname } = useLocation();
  const entry = navPages(ADMIN_SECTIONS).find((page) => page.path === pathname) ?? ADMIN_OVERVIEW;
  return (
    <Stack>
      <Title order={1}>{pageTitle(entry)}</Title>
      <Text c="dimmed">Dit scherm wordt ingericht.</Text>
    </Stack>
  );
}
