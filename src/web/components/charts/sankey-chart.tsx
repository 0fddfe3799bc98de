import { SankeyChart, type SankeySeriesOption } from "echarts/charts";
import { TooltipComponent, type TooltipComponentOption } from "echarts/components";
import { type ComposeOption, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useMemo } from "react";
import { formatNumber } from "../../../shared/format.ts";
import { html } from "../../lib/html.ts";
import { EChart } from "../reports/echart.tsx";
import { SERIES_COLORS } from "../reports/echarts.ts";
import { ScrollBox } from "./scroll-box.tsx";

// A sankey: where things were before (left) and where they went (right), or a flow over several steps. Registers its own chart
// type so that it stays in the chunk of the screen that shows it.
use([SankeyChart, TooltipComponent, CanvasRenderer]);

type Option = ComposeOption<SankeySeriesOption | TooltipComponentOption>;

export interface SankeyNode {
  id: string;
  label: string;
  /** A two-column sankey names the side; one of more columns gives each node its column (0: leftmost). */
  side?: "from" | "to";
  depth?: number;
}

export interface SankeyLink {
  from: string;
  to: string;
  value: number;
}

/** `colorOf` gives nodes that stand for the same thing on both sides the same colour. */
export function SankeyFlow(props: {
  nodes: SankeyNode[];
  links: SankeyLink[];
  unit: string;
  label: string;
  colorOf?: (node: SankeyNode) => number;
}) {
  const { nodes, links, unit, colorOf } = props;
  const option = useMemo<Option>(() => {
    const byId = new Map(nodes.map((node, index) => [node.id, { node, index }]));
    const name = (id: string) => byId.get(id)?.node.label ?? id;
    return {
      animation: false,
      tooltip: {
        trigger: "item",
        formatter: (params: unknown) => {
          const p = params as {
            dataType: string;
            data: { source?: string; target?: string; value: number; name?: string };
          };
          return String(
            p.dataType === "edge"
              ? html`${name(p.data.source ?? "")} → ${name(p.data.target ?? "")}: ${formatNumber(p.data.value)} ${unit}`
              : html`${name(p.data.name ?? "")}: ${formatNumber(p.data.value)} ${unit}`,
          );
        },
      },
      series: [
        {
          type: "sankey",
          left: 120,
          right: 120,
          top: 8,
          bottom: 8,
          nodeGap: 14,
          layoutIterations: 0,
          emphasis: { focus: "adjacency" },
          lineStyle: { color: "gradient", opacity: 0.35, curveness: 0.5 },
          label: { formatter: (params: { name: string }) => name(params.name), fontSize: 13 },
          data: nodes.map((node) => {
            const found = byId.get(node.id);
            const color = SERIES_COLORS[(colorOf?.(node) ?? found?.index ?? 0) % SERIES_COLORS.length];
            const depth = node.depth ?? (node.side === "from" ? 0 : 1);
            const left = depth === 0;
            return {
              name: node.id,
              depth,
              itemStyle: { color },
              label: { position: left ? "left" : "right" },
            };
          }),
          links: links.map((link) => ({ source: link.from, target: link.to, value: link.value })),
        },
      ],
    };
  }, [nodes, links, unit, colorOf]);
  // Every column needs room for its labels: on a phone the flow scrolls sideways inside its own box instead
  // of squeezing the columns together.
  const steps = Math.max(...nodes.map((node) => node.depth ?? 1)) + 1;
  return (
    <ScrollBox minWidth={Math.max(560, steps * 170)} label={props.label}>
      <EChart option={option} label={props.label} height={360} />
    </ScrollBox>
  );
}
