import { createServer, type Server } from "node:http";
import { logger } from "../logging/logger.ts";
import { renderMetrics } from "./metrics.ts";

/**
 * GET /metrics in the Prometheus text format on its own port (METRICS_PORT), by default only on
 * 127.0.0.1: the figures are for the monitoring next to the server, not for the internet the app faces.
 */
export function startMetricsServer(options: {
  host: string;
  port: number;
  databasePath: string;
}): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    renderMetrics(options.databasePath).then(
      (text) =>
        response.writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8" }).end(text),
      (error) => {
        logger.error("metrics not rendered", { error });
        response.writeHead(500).end();
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      logger.info(`Metrics op http://${options.host}:${options.port}/metrics`);
      resolve(server);
    });
  });
}
