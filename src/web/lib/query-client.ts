import { QueryClient } from "@tanstack/react-query";

/** The app's one query cache: the provider hands it to components, route loaders prefetch into it. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, refetchOnWindowFocus: false } },
});
