import { BarChart } from "echarts/charts";
import { GridComponent, LegendComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";

// The Monday e-mail's small charts, drawn on the server by ECharts without a browser (SSR to SVG). They
// go inline into the HTML part: Apple Mail, iOS Mail and Thunderbird show them; clients that strip SVG
// (Gmail, Outlook) lose only the picture, since every figure is also in the mail's tables and text.

echarts.use([BarChart, GridComponent, LegendComponent, SVGRenderer]);

const CHART_WIDTH = 480;
const CHART_HEIGHT = 200;
/** The app's chart colours (src/web/components/reports/echarts.ts): this week blue, the week before grey. */
const COLORS = { current: "#1971c2", previous: "#adb5bd" };

export interface DailyBars {
  days: string[];
  current: number[];
  previous: number[];
  labels: { current: string; previous: string };
  /** The y axis' tick text (the value in whole euros, a count). */
  axisLabel: (value: number) => string;
}

/** Bars per day, this week beside the week before; an SVG sized to shrink on a phone. */
export function dailyBarsSvg(bars: DailyBars): string {
  const chart = echarts.init(null, null, {
    renderer: "svg",
    ssr: true,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
  });
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: "Arial, Helvetica, sans-serif" },
      legend: {
        top: 0,
        left: 0,
        itemWidth: 12,
        itemHeight: 10,
        textStyle: { fontSize: 12, color: "#495057" },
      },
      grid: {
        left: 8,
        right: 8,
        top: 30,
        bottom: 4,
        outerBoundsMode: "same",
        outerBoundsContain: "axisLabel",
      },
      xAxis: {
        type: "category",
        data: bars.days,
        axisTick: { show: false },
        axisLabel: { color: "#495057" },
      },
      yAxis: {
        type: "value",
        splitNumber: 3,
        axisLabel: { color: "#868e96", fontSize: 13, formatter: bars.axisLabel },
        splitLine: { lineStyle: { color: "#e9ecef" } },
      },
      series: [
        {
          name: bars.labels.previous,
          type: "bar",
          data: bars.previous,
          itemStyle: { color: COLORS.previous },
        },
        { name: bars.labels.current, type: "bar", data: bars.current, itemStyle: { color: COLORS.current } },
      ],
    });
    // Shrinks with a narrow screen instead of making the mail scroll sideways.
    return chart
      .renderToSVGString()
      .replace("<svg ", '<svg style="max-width:100%;height:auto;display:block" role="img" ');
  } finally {
    chart.dispose();
  }
}
