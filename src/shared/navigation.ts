/**
 * The navigation of the product specification, word for word: labels and paths are binding. Pages, titles
 * and the router are all derived from these tables, so a path cannot exist in one place and not another.
 */
export interface NavEntry {
  label: string;
  path: string;
  /** Page heading; defaults to the label. */
  title?: string;
  children?: NavEntry[];
}

export interface NavSection {
  label: string;
  entries: NavEntry[];
}

/**
 * Beyond the spec's header, before its links: the dashboard, the landing page, which had no entry but the
 * logo. The spec's three links keep their labels and paths.
 */
export const DASHBOARD_LINK = { label: "Dashboard", path: "/dashboard" } as const;

export const HEADER_LINKS = [
  { label: "Rapportage", path: "/reports" },
  { label: "Instellingen", path: "/admin" },
  { label: "Logout", path: "/logout" },
] as const;

export const ADMIN_HEADING = "Beheer";
export const ADMIN_OVERVIEW: NavEntry = { label: "Overzicht", path: "/admin", title: "Beheer — overzicht" };
export const ADMIN_SECTIONS: NavSection[] = [
  {
    label: "INSTELLINGEN",
    entries: [
      { label: "Users", path: "/admin/users", title: "Gebruikers" },
      { label: "Items", path: "/admin/items", title: "Wasprogramma's en producten" },
      { label: "Promotions", path: "/admin/promotions", title: "Acties en vouchers" },
      { label: "Vestigingen", path: "/admin/sites", title: "Vestigingen" },
      { label: "Koppelingen", path: "/admin/connections", title: "Koppelingen" },
      { label: "Privacy", path: "/admin/privacy", title: "Privacy: kentekens" },
      { label: "Experimenten", path: "/admin/experiments", title: "Experimenten" },
      { label: "Postvak", path: "/admin/mail", title: "E-mail: maandagmail en postvak" },
      { label: "Abonnementen", path: "/admin/subscriptions", title: "Abonnementen op rapporten" },
      { label: "Meldingen", path: "/admin/alerts", title: "Meldingen" },
      { label: "API-tokens", path: "/admin/api-tokens", title: "API-tokens voor rapporten" },
      { label: "Weer", path: "/admin/weather", title: "Weer: KNMI-gegevens en verwachting" },
      { label: "Doelen", path: "/admin/targets", title: "Doelen per vestiging en maand" },
    ],
  },
];

export const REPORT_SECTIONS: NavSection[] = [
  {
    label: "KLANTEN",
    entries: [
      { label: "Kenteken herkenning", path: "/reports/users-recognition" },
      { label: "Unieke kentekens", path: "/reports/users-unique" },
      { label: "Nieuw / Terugkerend", path: "/reports/users-type" },
      { label: "Flow", path: "/reports/users-flow", title: "Klantenflow" },
      { label: "Geografische locatie", path: "/reports/users-geo" },
    ],
  },
  {
    label: "ACQUISITIE",
    entries: [
      { label: "Overzicht", path: "/reports/acquisition", title: "Acquisitie — overzicht" },
      {
        label: "Affiliates",
        path: "/reports/affiliates",
        children: [
          { label: "Overzicht", path: "/reports/affiliates", title: "Affiliates — overzicht" },
          { label: "Advertenties", path: "/reports/affiliates/ads", title: "Affiliates — advertenties" },
        ],
      },
      {
        label: "Facebook",
        path: "/reports/facebook",
        children: [
          { label: "Overzicht", path: "/reports/facebook", title: "Facebook — overzicht" },
          { label: "Campagnes", path: "/reports/facebook/campaigns", title: "Facebook — campagnes" },
          { label: "Advertentiesets", path: "/reports/facebook/adsets", title: "Facebook — advertentiesets" },
          { label: "Advertenties", path: "/reports/facebook/ads", title: "Facebook — advertenties" },
        ],
      },
      {
        label: "Google Ads",
        path: "/reports/google-ads",
        children: [
          { label: "Overzicht", path: "/reports/google-ads", title: "Google Ads — overzicht" },
          { label: "Campagnes", path: "/reports/google-ads/campaigns", title: "Google Ads — campagnes" },
          {
            label: "Advertentiegroepen",
            path: "/reports/google-ads/adgroups",
            title: "Google Ads — advertentiegroepen",
          },
          { label: "Advertenties", path: "/reports/google-ads/ads", title: "Google Ads — advertenties" },
          { label: "Zoekwoorden", path: "/reports/google-ads/keywords", title: "Google Ads — zoekwoorden" },
        ],
      },
      {
        label: "Marktplaats",
        path: "/reports/marktplaats",
        children: [
          { label: "Overzicht", path: "/reports/marktplaats", title: "Marktplaats — overzicht" },
          { label: "Advertenties", path: "/reports/marktplaats/ads", title: "Marktplaats — advertenties" },
        ],
      },
      {
        label: "Vouchers",
        path: "/reports/vouchers",
        children: [
          { label: "Overzicht", path: "/reports/vouchers", title: "Vouchers — overzicht" },
          { label: "Flow", path: "/reports/vouchers/flow", title: "Vouchers — flow" },
        ],
      },
    ],
  },
  {
    label: "GEDRAG",
    entries: [
      { label: "Programmakeuze", path: "/reports/item-flow", title: "Programmakeuze — overstappen" },
      {
        label: "Website",
        path: "/reports/content-pages",
        children: [
          { label: "All Pages", path: "/reports/content-pages", title: "Website — alle pagina's" },
          {
            label: "Landing Pages",
            path: "/reports/content-landing-pages",
            title: "Website — landingspagina's",
          },
        ],
      },
      { label: "Experiments", path: "/reports/experiments", title: "Experimenten" },
    ],
  },
  {
    label: "TRANSACTIES",
    entries: [
      { label: "Transacties", path: "/reports/trx-sales" },
      { label: "Omzet", path: "/reports/trx-revenue" },
      { label: "Programmakeuze", path: "/reports/trx-items", title: "Programmakeuze — verkoop" },
    ],
  },
  // Beyond the spec (DESIGN §5): the wash club, from the till system's membership events.
  {
    label: "ABONNEMENTEN",
    entries: [
      { label: "Overzicht", path: "/reports/memberships", title: "Abonnementen — overzicht" },
      { label: "Cohorten", path: "/reports/memberships/cohorts", title: "Abonnementen — cohorten" },
      { label: "Leden", path: "/reports/memberships/members", title: "Abonnementen — leden" },
    ],
  },
  // Beyond the spec (DESIGN §5): the days ahead, from the forecast model (REPORT-DEFINITIONS §6).
  {
    label: "PLANNING",
    entries: [{ label: "Prognose", path: "/reports/forecast", title: "Prognose" }],
  },
];

/** Every page a navigation leads to, flattened (children instead of their parent where they exist). */
export function navPages(sections: NavSection[]): NavEntry[] {
  const pages = new Map<string, NavEntry>();
  for (const section of sections) {
    for (const entry of section.entries) {
      for (const page of entry.children ?? [entry]) if (!pages.has(page.path)) pages.set(page.path, page);
    }
  }
  return [...pages.values()];
}

export const pageTitle = (entry: NavEntry) => entry.title ?? entry.label;
