import { NavLink as MantineNavLink, Stack, Text, Title } from "@mantine/core";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import type { NavEntry, NavSection } from "../../../shared/navigation.ts";

const NavigateContext = createContext<() => void>(() => {});

/**
 * One navigation column (admin or reports), drawn from the navigation tables. `onNavigate` runs on every
 * choice, also of the page already open: on a phone that closes the menu.
 */
export function SideNav(props: {
  label: string;
  heading?: string;
  top?: NavEntry;
  sections: NavSection[];
  onNavigate: () => void;
}) {
  return (
    <NavigateContext value={props.onNavigate}>
      <nav aria-label={props.label}>
        <Stack gap={2} p="sm">
          {props.heading && (
            <Title order={2} size="h4" px="sm" pb="xs">
              {props.heading}
            </Title>
          )}
          {props.top && <EntryLink entry={props.top} />}
          {props.sections.map((section) => (
            <div key={section.label}>
              <Text size="xs" fw={700} c="dimmed" px="sm" pt="md" pb={4} style={{ letterSpacing: "0.06em" }}>
                {section.label}
              </Text>
              {section.entries.map((entry) => (
                <EntryLink key={`${entry.label}-${entry.path}`} entry={entry} />
              ))}
            </div>
          ))}
        </Stack>
      </nav>
    </NavigateContext>
  );
}

/** A navigation entry with sub-entries: a real button that opens and closes them, open on its own pages. */
function EntryGroup({ entry, containsCurrent }: { entry: NavEntry; containsCurrent: boolean }) {
  const [opened, setOpened] = useState(containsCurrent);
  return (
    <MantineNavLink
      component="button"
      type="button"
      label={entry.label}
      opened={opened || containsCurrent}
      onChange={setOpened}
      aria-expanded={opened || containsCurrent}
      childrenOffset="md"
    >
      {entry.children?.map((child) => (
        <EntryLink key={child.path} entry={child} />
      ))}
    </MantineNavLink>
  );
}

function EntryLink({ entry }: { entry: NavEntry }) {
  const { pathname } = useLocation();
  const onNavigate = useContext(NavigateContext);
  const active = pathname === entry.path;
  const link = useRef<HTMLAnchorElement>(null);
  // At 1366×768 an open group pushes its last entries below the column's fold: keep the current one in sight.
  useEffect(() => {
    if (active) link.current?.scrollIntoView({ block: "nearest" });
  }, [active]);
  if (entry.children) {
    return (
      <EntryGroup entry={entry} containsCurrent={entry.children.some((child) => child.path === pathname)} />
    );
  }
  return (
    <MantineNavLink
      component={NavLink}
      to={entry.path}
      end
      ref={link}
      label={entry.label}
      active={active}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
    />
  );
}
