import type {
  ExperimentGuardrail,
  ExperimentMetric,
  ExperimentStatus,
} from "../../shared/experiments/definitions.ts";
import { metricLabel } from "../../shared/metrics/registry.ts";

// How experiments are named on screen, shared by the report and the Instellingen screen.

/** An experiment's primary metric, with the registry's label (a visitor of an experiment is an exposed one). */
export const metricLabels: Record<ExperimentMetric, string> = {
  conversion_rate: metricLabel("exposed_conversion_rate"),
  revenue_per_visitor: metricLabel("revenue_per_visitor"),
  voucher_rate: metricLabel("voucher_rate"),
};

export const guardrailLabels: Record<ExperimentGuardrail, string> = {
  bounce_rate: "Bouncepercentage",
};

export const statusLabels: Record<ExperimentStatus, string> = {
  draft: "Concept",
  running: "Loopt",
  stopped: "Gestopt",
};
