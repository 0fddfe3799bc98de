import { request } from "node:http";

export interface ChunkedResult {
  status: number;
  body: string;
  /** How much of the body had been sent when the answer came. */
  sentBytes: number;
}

/**
 * POSTs `prefix` followed by `totalBytes` of filler as a chunked body (no Content-Length, so the server
 * cannot refuse it from the headers), 64 kB at a time, and stops sending as soon as the server answers.
 */
export function postChunked(
  url: string,
  headers: Record<string, string>,
  prefix: string,
  totalBytes: number,
): Promise<ChunkedResult> {
  const chunk = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = request(url, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } });
    req.on("response", (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (part) => parts.push(part));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8"), sentBytes });
        req.destroy();
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(new Error(`${error.message} after ${sentBytes} bytes`));
    });
    const pump = () => {
      while (!answered && sentBytes < totalBytes) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end('"}');
    };
    req.write(prefix);
    pump();
  });
}
