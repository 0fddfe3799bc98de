import type {
  ExperimentGuardrail,
  ExperimentMetric,
  ExperimentStatus,
} from "../../shared/experiments/definitions.ts";

// How experiments are named on screen, shared by the report and the Instellingen screen.

export const metricLabels: Record<ExperimentMetric, string> = {
  conversion_rate: "Conversieratio",
  revenue_per_visitor: "Omzet per bezoeker",
  voucher_rate: "Voucherclaims per bezoeker",
};

export const guardrailLabels: Record<ExperimentGuardrail, string> = {
  bounce_rate: "Bouncepercentage",
};

export const statusLabels: Record<ExperimentStatus, string> = {
  draft: "Concept",
  running: "Loopt",
  stopped: "Gestopt",
};
