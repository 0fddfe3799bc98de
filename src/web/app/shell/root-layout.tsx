import { AppShell, Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type ReactNode, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import {
  ADMIN_HEADING,
  ADMIN_OVERVIEW,
  ADMIN_SECTIONS,
  REPORT_SECTIONS,
} from "../../../shared/navigation.ts";
import { authHeader } from "../../auth/auth-header.ts";
import { ApiRequestError } from "../../lib/http.ts";
import { useMe } from "../../lib/me.ts";
import { useCurrentModule } from "./current-module.ts";
import { Header, NAV_BREAKPOINT } from "./header.tsx";
import classes from "./shell.module.css";
import { SideNav } from "./side-nav.tsx";

/** The shell: header on every module but auth; the module's own navigation beside admin and reports. */
export function RootLayout() {
  const module = useCurrentModule();
  const guarded = module === "admin" || module === "dashboard" || module === "reports";
  const me = useMe(guarded || authHeader.has());
  const [navOpened, navControls] = useDisclosure(false);
  const { pathname } = useLocation();
  // On a phone the navigation covers the page: a choice closes it (SideNav's onNavigate), and so does
  // leaving the page another way (the browser's back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a new pathname
  useEffect(() => navControls.close(), [pathname]);
  if (module === "auth") return <Outlet />;

  const nav =
    module === "admin" && me.data?.role === "beheerder" ? (
      <SideNav
        label="Beheermenu"
        heading={ADMIN_HEADING}
        top={ADMIN_OVERVIEW}
        sections={ADMIN_SECTIONS}
        onNavigate={navControls.close}
      />
    ) : module === "reports" && me.data ? (
      <SideNav label="Rapportagemenu" sections={REPORT_SECTIONS} onNavigate={navControls.close} />
    ) : null;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={nav ? { width: 260, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !navOpened } } : undefined}
      padding={{ base: "sm", sm: "lg" }}
    >
      <AppShell.Header>
        <Header
          canAdminister={me.data?.role !== "analist"}
          nav={nav ? { opened: navOpened, toggle: navControls.toggle } : null}
        />
      </AppShell.Header>
      {nav && (
        <AppShell.Navbar
          id="side-nav"
          style={{ overflowY: "auto" }}
          className={navOpened ? undefined : classes.foldedOnPhone}
        >
          {nav}
        </AppShell.Navbar>
      )}
      <AppShell.Main>{guarded ? <AccessGate me={me}>{<Outlet />}</AccessGate> : <Outlet />}</AppShell.Main>
    </AppShell>
  );
}

/** Admin screens an analist may open to read: their API lets everyone signed in read (Doelen). */
const READABLE_BY_ANALISTS = new Set(["/admin/targets"]);

/** Guarded modules render only for an allowed user; a signed-in stranger sees "Geen toegang". */
function AccessGate({ me, children }: { me: ReturnType<typeof useMe>; children: ReactNode }) {
  const module = useCurrentModule();
  const { pathname } = useLocation();
  if (me.isPending) {
    return (
      <Center h="50vh">
        <Loader role="status" aria-label="Laden" />
      </Center>
    );
  }
  if (me.error) {
    const error = me.error;
    const noAccess = error instanceof ApiRequestError && error.status === 403;
    return (
      <Stack maw={560} gap="sm" role="alert">
        <Title order={1}>{noAccess ? "Geen toegang" : "Er ging iets mis"}</Title>
        <Text>
          {noAccess
            ? "Je bent ingelogd, maar je account staat niet op de lijst van Wasbord-gebruikers. Vraag een beheerder om je toe te voegen."
            : error.message}
        </Text>
        {noAccess ? (
          <Button component="a" href="/logout" variant="light" w="fit-content">
            Uitloggen en met een ander account inloggen
          </Button>
        ) : (
          <Button onClick={() => me.refetch()} w="fit-content">
            Opnieuw proberen
          </Button>
        )}
      </Stack>
    );
  }
  if (module === "admin" && me.data.role !== "beheerder" && !READABLE_BY_ANALISTS.has(pathname)) {
    return (
      <Stack maw={560} gap="sm" role="alert">
        <Title order={1}>Geen toegang</Title>
        <Text>Alleen een beheerder kan de instellingen bekijken en wijzigen.</Text>
      </Stack>
    );
  }
  return children;
}
