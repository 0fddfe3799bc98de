import { declareReport } from "../../../components/reports/declaration.ts";

// TRANSACTIES: what the three transaction screens show, from the envelopes of /api/reports/trx-*.

export const trxSales = declareReport({
  id: "trx-sales",
  intro:
    "Hoeveel transacties er waren, waar, hoe er betaald werd en op welk uur van de dag; het gemiddelde bonbedrag en hoe vaak bij een wasbeurt een extra werd gekocht.",
  charts: [
    { title: "Transacties", series: ["transactions"], kind: "bar" },
    { title: "Gemiddeld bonbedrag", series: ["average_ticket"], kind: "line", half: true },
    { title: "Upsell-ratio", series: ["upsell_rate"], kind: "line", half: true },
    { title: "Verkopen op de vestiging per uur van de dag", series: ["transactions_by_hour"], kind: "bar" },
  ],
  tables: ["by_site", "by_payment_method"],
});

export const trxRevenue = declareReport({
  id: "trx-revenue",
  intro: "De omzet inclusief en exclusief btw, de btw en de gegeven kortingen, per vestiging en per item.",
  charts: [
    { title: "Omzet incl. btw", series: ["revenue"], kind: "bar" },
    { title: "Omzet excl. btw", series: ["revenue_ex_vat"], kind: "line", half: true },
    { title: "Kortingen", series: ["discounts"], kind: "line", half: true },
  ],
  tables: ["by_site", "by_item"],
});

export const trxItems = declareReport({
  id: "trx-items",
  intro:
    "Per item hoeveel er verkocht is en voor hoeveel, en het aandeel binnen de wasprogramma's, extra's of abonnementen: de programmamix.",
  charts: [
    { title: "Wassen (verkochte wasprogramma's)", series: ["programmes"], kind: "bar", half: true },
    { title: "Programmamix", series: ["programme:*"], kind: "bar", stacked: true, half: true },
  ],
  tables: ["programmes", "extras", "subscriptions"],
});
