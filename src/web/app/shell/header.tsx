import { Anchor, Burger, Group, Text } from "@mantine/core";
import { NavLink } from "react-router";
import { DASHBOARD_LINK, HEADER_LINKS } from "../../../shared/navigation.ts";
import { accountText, loadIdentity } from "../../auth/identity.ts";
import classes from "./shell.module.css";

/** Below this width (Mantine's md, 62em) the side navigation folds away behind a burger in the header. */
export const NAV_BREAKPOINT = "md";

/**
 * The header. On a phone the burger opens the module's navigation, and the account text gives way (it
 * shortens with an ellipsis) so that Dashboard, Rapportage, Instellingen and Logout always fit, down to 360 px.
 */
export function Header(props: {
  canAdminister: boolean;
  nav: { opened: boolean; toggle: () => void } | null;
}) {
  const links = [
    DASHBOARD_LINK,
    ...HEADER_LINKS.filter((link) => props.canAdminister || link.path !== "/admin"),
  ];
  const account = accountText(loadIdentity());
  return (
    <Group h="100%" px={{ base: 8, sm: "md" }} justify="space-between" wrap="nowrap" gap={4}>
      <Group gap={4} wrap="nowrap" className={classes.fixed}>
        {props.nav && (
          <Burger
            opened={props.nav.opened}
            onClick={props.nav.toggle}
            hiddenFrom={NAV_BREAKPOINT}
            size="sm"
            aria-label={props.nav.opened ? "Menu sluiten" : "Menu openen"}
            aria-controls="side-nav"
            aria-expanded={props.nav.opened}
          />
        )}
        <Anchor component={NavLink} to="/dashboard" className={classes.brand} underline="never">
          Wasbord
        </Anchor>
      </Group>
      <Group gap={4} wrap="nowrap" className={classes.end}>
        <Text size="sm" c="dimmed" data-testid="account-text" className={classes.account} title={account}>
          {account}
        </Text>
        <nav aria-label="Hoofdmenu" className={classes.fixed}>
          <Group gap={2} wrap="nowrap">
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
