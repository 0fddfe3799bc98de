import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <Stack maw={560} gap="sm">
      <Title order={1}>Pagina niet gevonden</Title>
      <Text>page-not-found works!</Text>
      <Text>Het adres dat je opende bestaat niet (meer) in Wasbord.</Text>
      <Anchor component={Link} to="/dashboard">
        Terug naar het dashboard
      </Anchor>
    </Stack>
  );
}
