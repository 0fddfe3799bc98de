import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useRouteError } from "react-router";

/** Shown when a route fails to load (e.g. a lazy chunk after a new deployment). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Stack p="xl" maw={560} role="alert">
      <Title order={1}>Deze pagina kon niet worden geladen</Title>
      <Text>
        Er ging iets mis bij het laden. Herlaad de pagina; blijft het misgaan, meld het dan aan een beheerder.
      </Text>
      <Anchor href={window.location.pathname}>Pagina opnieuw laden</Anchor>
    </Stack>
  );
}
