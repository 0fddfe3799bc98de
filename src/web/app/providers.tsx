import "@mantine/core/styles.css";
import { type CSSVariablesResolver, createTheme, MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

const theme = createTheme({
  primaryColor: "blue",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  defaultRadius: "sm",
  // Shade 8 keeps links and buttons above the WCAG AA contrast ratio on white (shade 6 is 3.6:1).
  primaryShade: { light: 8, dark: 5 },
});

// Mantine's "dimmed" grey is 3.3:1 on white; a shade darker reads the same and passes AA.
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "var(--mantine-color-gray-7)" },
  dark: {},
});

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, refetchOnWindowFocus: false } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
