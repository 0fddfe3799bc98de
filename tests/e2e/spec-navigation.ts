// The spec's navigation (seed/product-spec.md), written out here by hand so the browser tests do not trust
// the code's own tables for labels and paths.
export const REPORT_LINKS: [string, string][] = [
  ["Kenteken herkenning", "/reports/users-recognition"],
  ["Unieke kentekens", "/reports/users-unique"],
  ["Nieuw / Terugkerend", "/reports/users-type"],
  ["Flow", "/reports/users-flow"],
  ["Geografische locatie", "/reports/users-geo"],
  ["Overzicht", "/reports/acquisition"],
  ["Programmakeuze", "/reports/item-flow"],
  ["Experiments", "/reports/experiments"],
  ["Transacties", "/reports/trx-sales"],
  ["Omzet", "/reports/trx-revenue"],
  ["Programmakeuze", "/reports/trx-items"],
];
export const REPORT_GROUPS: [string, [string, string][]][] = [
  [
    "Affiliates",
    [
      ["Overzicht", "/reports/affiliates"],
      ["Advertenties", "/reports/affiliates/ads"],
    ],
  ],
  [
    "Facebook",
    [
      ["Overzicht", "/reports/facebook"],
      ["Campagnes", "/reports/facebook/campaigns"],
      ["Advertentiesets", "/reports/facebook/adsets"],
      ["Advertenties", "/reports/facebook/ads"],
    ],
  ],
  [
    "Google Ads",
    [
      ["Overzicht", "/reports/google-ads"],
      ["Campagnes", "/reports/google-ads/campaigns"],
      ["Advertentiegroepen", "/reports/google-ads/adgroups"],
      ["Advertenties", "/reports/google-ads/ads"],
      ["Zoekwoorden", "/reports/google-ads/keywords"],
    ],
  ],
  [
    "Marktplaats",
    [
      ["Overzicht", "/reports/marktplaats"],
      ["Advertenties", "/reports/marktplaats/ads"],
    ],
  ],
  [
    "Vouchers",
    [
      ["Overzicht", "/reports/vouchers"],
      ["Flow", "/reports/vouchers/flow"],
    ],
  ],
  [
    "Website",
    [
      ["All Pages", "/reports/content-pages"],
      ["Landing Pages", "/reports/content-landing-pages"],
    ],
  ],
];
export const ADMIN_LINKS: [string, string][] = [
  ["Overzicht", "/admin"],
  ["Users", "/admin/users"],
  ["Items", "/admin/items"],
  ["Promotions", "/admin/promotions"],
];
