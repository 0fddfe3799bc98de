import type { EChartsCoreOption } from "echarts/core";
import { type EChartsType, init } from "echarts/core";
import { useEffect, useRef } from "react";

/** The content width of an A4 page with print.css's margins (186 mm) in CSS pixels. */
const PRINT_WIDTH = 700;

// Drawing a chart takes 20–100 ms on a slow machine, and a screen has up to five. Each is drawn in a task
// of its own, one after the other, so a click that arrives meanwhile (the next screen in the navigation)
// is taken between two charts, and a chart whose screen was left before its turn is never drawn.
const waiting: (() => void)[] = [];
let scheduled = false;

function drawNext() {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(drawNext);
}

/** Queues `draw` behind the charts already waiting; the returned function takes it out again. */
function drawInTurn(draw: () => void): () => void {
  waiting.push(draw);
  schedule();
  return () => {
    const index = waiting.indexOf(draw);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/**
 * One ECharts canvas that follows its container's size. `label` describes the chart for screen readers;
 * the same figures are in the report's tables.
 */
export function EChart(props: {
  option: EChartsCoreOption;
  label: string;
  height?: number;
  /** A click or tap anywhere in the plot area over a category axis: the index of the category there. */
  onAxisClick?: (index: number) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const option = useRef(props.option);
  option.current = props.option;
  const onAxisClick = useRef(props.onAxisClick);
  onAxisClick.current = props.onAxisClick;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let drawn: ReturnType<typeof draw> | null = null;
    const cancel = drawInTurn(() => {
      drawn = draw(element, option.current, onAxisClick);
      chart.current = drawn.instance;
    });
    return () => {
      cancel();
      drawn?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(props.option, { notMerge: true });
  }, [props.option]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={props.label}
      data-echart
      style={{ width: "100%", height: props.height ?? 280 }}
    />
  );
}

/** Draws a chart in `element` and keeps it fitting; `dispose` takes it down again. */
function draw(
  element: HTMLDivElement,
  option: EChartsCoreOption,
  onAxisClick: { current?: (index: number) => void },
): { instance: EChartsType; dispose: () => void } {
  const instance = init(element, undefined, { renderer: "canvas" });
  instance.setOption(option, { notMerge: true });
  // On the whole plot area, not only on a bar or point: a day without figures can be clicked too.
  instance.getZr().on("click", (event) => {
    const point = [event.offsetX, event.offsetY];
    if (!onAxisClick.current || !instance.containPixel("grid", point)) return;
    const [index] = instance.convertFromPixel("grid", point) as number[];
    if (Number.isFinite(index)) onAxisClick.current(Math.round(index));
  });
  // A printed page is narrower than the screen: draw at its width so the labels keep their size when
  // print.css scales the canvas to the page (beforeprint for the browser's dialog, the media query for
  // print previews and headless PDFs).
  const print = window.matchMedia("print");
  const toPrint = () => instance.resize({ width: PRINT_WIDTH, height: instance.getHeight() });
  const fit = () => (print.matches ? toPrint() : instance.resize());
  const observer = new ResizeObserver(fit);
  observer.observe(element);
  print.addEventListener("change", fit);
  window.addEventListener("beforeprint", toPrint);
  window.addEventListener("afterprint", fit);
  const dispose = () => {
    print.removeEventListener("change", fit);
    window.removeEventListener("beforeprint", toPrint);
    window.removeEventListener("afterprint", fit);
    observer.disconnect();
    instance.dispose();
  };
  return { instance, dispose };
}
