import { Center, Loader } from "@mantine/core";

/** The first page's loaders and lazy chunk are on their way (the router's hydration fallback). */
export function InitialLoad() {
  return (
    <Center h="50vh">
      <Loader role="status" aria-label="Wasbord wordt geladen" />
    </Center>
  );
}
