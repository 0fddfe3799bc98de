import "../../../components/reports/echarts.ts";
import type { LiveSlot } from "../../../../shared/live.ts";
import { EChart } from "../../../components/reports/echart.tsx";

/** Today's cars per 10 minutes (bars) against the expected curve (line), over the opening part of the day. */
export default function LiveChart({
  slots,
  name,
  large,
}: {
  slots: LiveSlot[];
  name: string;
  large: boolean;
}) {
  // The night is empty at every site: show from the first slot with cars or an expectation, to the last.
  const busy = slots
    .map((slot, i) => ((slot.cars ?? 0) > 0 || slot.expected > 0 ? i : -1))
    .filter((i) => i >= 0);
  const shown = busy.length ? slots.slice(busy[0], busy[busy.length - 1] + 1) : slots;
  const font = large ? 16 : 11;
  return (
    <EChart
      label={`Auto's per 10 minuten vandaag bij ${name}, tegen het verwachte verloop`}
      height={large ? 260 : 180}
      option={{
        animation: false,
        grid: { left: 36, right: 8, top: 28, bottom: 24 },
        legend: { top: 0, textStyle: { fontSize: font } },
        tooltip: { trigger: "axis" },
        xAxis: {
          type: "category",
          data: shown.map((slot) => slot.start),
          axisLabel: { fontSize: font, interval: 11 },
        },
        yAxis: { type: "value", minInterval: 1, axisLabel: { fontSize: font } },
        series: [
          {
            name: "Vandaag",
            type: "bar",
            data: shown.map((slot) => slot.cars),
            itemStyle: { color: "#1c7ed6" },
          },
          {
            name: "Verwacht",
            type: "line",
            data: shown.map((slot) => slot.expected),
            showSymbol: false,
            lineStyle: { type: "dashed", width: 2, color: "#868e96" },
            itemStyle: { color: "#868e96" },
          },
        ],
      }}
    />
  );
}
