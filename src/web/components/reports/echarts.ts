import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption } from "echarts/charts";
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  MarkLineComponent,
  type MarkLineComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from "echarts/components";
import { type ComposeOption, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

// ECharts from its core, with only what the shared report charts draw. Bespoke report parts register
// their own chart types (heatmap, sankey, map) with `use` in their own module, so each stays in the lazy
// chunk that needs it. Nothing outside the reports and dashboard chunks imports this file.
use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
>;

/** Colours of the series of the period; the comparison period is drawn in grey beside them. */
export const SERIES_COLORS = [
  "#1971c2",
  "#2f9e44",
  "#e8590c",
  "#9c36b5",
  "#0c8599",
  "#f08c00",
  "#c2255c",
  "#5c940d",
];
export const COMPARISON_COLOR = "#909296";
/** The forecast's expected washes beside a washes series: dotted, in a colour no series of the period takes. */
export const EXPECTED_COLOR = "#d9480f";
