import fs from 'node:fs/promises';
import { Code, say, texts } from '@igs/contract';
import { systemToolCalls } from '@igs/contract/calls';
import { z } from 'zod';
import { findBinary } from '../../platform/host/host-exec.ts';
import { defineAction, defineCallAction } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { writeOperationLog } from '../../platform/logging/operation-log.ts';
import { planRun, TOOL_BINARY, toolLimits } from './runners.ts';
import { TOOLS, validateToolRequest } from './validate.ts';

export const TOOLS_PATH = systemToolCalls.status.path;

/** The gateway's network interfaces, the only values `iface` may take. */
export async function interfaceNames(): Promise<string[]> {
  return (await fs.readdir('/sys/class/net').catch(() => [] as string[])).sort();
}

/** Accounts with a run under way: one run per account at a time (DOMAIN 2.9, else 423). */
const running = new Set<number>();

/** `system/ping` (system/SystemTools): ping, traceroute, name lookup, TCP port check, ARP table. */
export const systemToolActions = [
  defineCallAction(systemToolCalls.status, {
    summary:
      'The tools, whether each can run on this gateway (program installed), the interfaces and the limits',
    access: 'module',
    async handler() {
      const tools = await Promise.all(
        TOOLS.map(async (tool) => {
          const binary = TOOL_BINARY[tool];
          const file = binary ? await findBinary(binary) : null;
          return { tool, program: binary ?? null, available: binary ? file !== null : true, path: file };
        }),
      );
      return {
        tools,
        interfaces: await interfaceNames(),
        limits: {
          count_min: 1,
          count_max: 10,
          max_run_s: toolLimits.maxRunMs / 1000,
          connect_timeout_s: toolLimits.connectTimeoutMs / 1000,
        },
      };
    },
  }),

  defineAction({
    path: TOOLS_PATH,
    method: 'run',
    summary:
      'Runs one tool {tool, host, count 1–10, port, iface} and streams its output as text/plain while it comes; refusals before the start are the usual JSON envelope',
    access: 'module',
    // Diagnostics change nothing on the gateway: no button key; the run is still written to the log.
    mutates: false,
    raw: true,
    input: z.object({ method: z.literal('run') }).loose(),
    async handler(ctx, body) {
      const { app, lang, reply, req } = ctx;
      const caller = ctx.caller;
      const checked = validateToolRequest(body, await interfaceNames(), lang);
      if (!checked.ok) throw new ApiError(Code.invalid, checked.errors[0]!.msg, { errors: checked.errors });
      const request = checked.value;
      const plan = await planRun(request, lang);
      if ('missing' in plan) {
        throw new ApiError(
          Code.unavailable,
          say(lang, 'tools.notInstalledGatewaySo', { missing: plan.missing, tool: request.tool }),
          { missing: plan.missing },
        );
      }
      const userId = caller.user.id;
      if (running.has(userId)) {
        throw new ApiError(Code.locked, say(lang, 'tools.toolAlreadyRunningAccount'));
      }
      running.add(userId);
      const started = Date.now();
      const controller = new AbortController();
      let limited = false;
      const timer = setTimeout(() => {
        limited = true;
        controller.abort();
      }, toolLimits.maxRunMs);
      // The reply is ours from here: written chunk by chunk, never compressed (that would hold it back).
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
      });
      res.on('close', () => {
        if (!res.writableFinished) controller.abort(); // the page went away: stop the program
      });
      const sink = { write: (t: string) => void (res.writableEnded || res.destroyed ? 0 : res.write(t)) };
      let exit: number | null = null;
      try {
        sink.write(`$ ${plan.title}\n`);
        exit = await plan.run(sink, controller.signal);
      } catch (e) {
        if (!controller.signal.aborted) sink.write(`${(e as Error).message}\n`);
      } finally {
        clearTimeout(timer);
        running.delete(userId);
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (limited) {
        sink.write(say(lang, 'tools.stoppedRunsLimitedS', { value: toolLimits.maxRunMs / 1000 }));
      }
      sink.write(`\n${say(lang, 'tools.finished', { exit: exit ?? texts('tools.killed'), seconds })}\n`);
      // Logged before the reply ends, so whoever reads the log after the output sees the run.
      await writeOperationLog(app, {
        req,
        ip: ctx.ip,
        caller,
        module: 'system:ping',
        action: 'run',
        code: exit === 0 ? Code.ok : Code.invalid,
        detail: `${plan.title} (exit ${exit ?? 'killed'}, ${seconds} s)`,
      }).catch((e) => app.log.error({ err: e }, 'operation log write failed'));
      if (!res.writableEnded) res.end();
    },
  }),
];
