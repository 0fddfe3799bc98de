import { Anchor, Group, Text } from "@mantine/core";
import { NavLink } from "react-router";
import { HEADER_LINKS } from "../../../shared/navigation.ts";
import { accountText, loadIdentity } from "../../auth/identity.ts";
import classes from "./shell.module.css";

export function Header({ canAdminister }: { canAdminister: boolean }) {
  const links = HEADER_LINKS.filter((link) => canAdminister || link.path !== "/admin");
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor component={NavLink} to="/dashboard" className={classes.brand} underline="never">
        Wasbord
      </Anchor>
      <Group gap="lg" wrap="nowrap">
        <Text size="sm" c="dimmed" data-testid="account-text">
          {accountText(loadIdentity())}
        </Text>
        <nav aria-label="Hoofdmenu">
          <Group gap="xs" wrap="nowrap">
            {links.map((link) => (
              <NavLink key={link.path} to={link.path} className={classes.headerLink}>
                {link.label}
              </NavLink>
            ))}
          </Group>
        </nav>
      </Group>
    </Group>
  );
}
