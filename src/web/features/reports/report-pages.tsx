import { Stack, Text, Title } from "@mantine/core";
import { useLocation } from "react-router";
import { navPages, pageTitle, REPORT_SECTIONS } from "../../../shared/navigation.ts";

/** The page of a report path of the navigation. */
export function ReportPage() {
  const { pathname } = useLocation();
  const entry = navPages(REPORT_SECTIONS).find((page) => page.path === pathname);
  return (
    <Stack>
      <Title order={1}>{entry ? pageTitle(entry) : "Rapport"}</Title>
      <Text c="dimmed">Dit rapport wordt ingericht.</Text>
    </Stack>
  );
}
