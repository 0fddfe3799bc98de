import { declareReport } from "../../../../components/reports/declaration.ts";

// PLANNING: the days ahead, from the forecast model, and how good it has been.

export const forecast = declareReport({
  id: "forecast",
  intro:
    "Hoeveel wassen er de komende 14 dagen te verwachten zijn, met het weer en een 80%-interval, en hoe goed die verwachting de laatste 8 hele weken uitkwam: naast 'zelfde dag vorige week' en 'gebruikelijk'. Of deze maand op koers is voor de doelen (Instellingen › Doelen): wat er tot nu toe binnen is plus de verwachting voor de rest van de maand. De prognose wordt altijd vandaag gemaakt; de periode doet er niet toe. Voor meer vestigingen samen zijn de grenzen van het interval opgeteld, alsof ze samen op en neer gaan.",
  filters: { period: false, comparison: false, granularity: false },
  charts: [
    {
      title: "Verwacht, komende 14 dagen (met 80%-interval)",
      series: ["expected_washes", "expected_low", "expected_high"],
      kind: "line",
    },
    {
      title: "Werkelijk en verwacht, laatste 8 hele weken",
      series: ["washes", "backtest_expected"],
      kind: "line",
    },
  ],
  tables: ["targets", "backtest", "next_days"],
  // the model against both baselines, and a day's expectation, stay on a phone's row
  keyColumns: {
    targets: ["site", "target_share_washes", "target_share_revenue", "target_share_new_members"],
    backtest: ["site", "wape", "wape_last_week", "wape_usual"],
    next_days: ["date", "site", "expected_washes", "weather"],
  },
});
