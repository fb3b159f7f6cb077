import { Code, type Lang, say } from '@igs/contract';
import { findBinary, runFile } from '../../platform/host/host-exec.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';

/**
 * ffprobe and ffmpeg on this host (DOMAIN 2.6 probes, rotation, transcode). Both are optional
 * programs: a verb that needs one answers 503 naming it where it is not installed (DOMAIN
 * real-effect policy 5), never a made-up result. Runs go through execFile with a fixed argument
 * array and a time limit.
 */

export type MediaProgram = 'ffprobe' | 'ffmpeg';

/** The program's absolute path, or 503 naming it. */
export async function requireProgram(name: MediaProgram, lang: Lang): Promise<string> {
  const file = await findBinary(name);
  if (file) return file;
  throw new ApiError(Code.unavailable, say(lang, 'media.ffmpegNotInstalledHost', { name }));
}

export interface ProbeResult {
  ok: boolean;
  codec: string | null;
  resolution: string | null;
  bitrate: number | null;
  duration_s: number | null;
  error?: string;
  probed_at: string;
}

/** The input arguments for a stream address: a time limit on reads, the transport each scheme needs. */
export function inputArgs(url: string, timeoutS: number): string[] {
  const scheme = url.slice(0, Math.max(0, url.indexOf(':'))).toLowerCase();
  const us = String(timeoutS * 1_000_000);
  if (scheme === 'rtsp') return ['-rtsp_transport', 'tcp', '-timeout', us, '-i', url];
  // udp://239.1.1.1:5000 is read as udp://@239.1.1.1:5000 (join the group, DOMAIN 2.6 Access).
  if (scheme === 'udp' || scheme === 'rtp') {
    const joined = url.replace(/^(udp|rtp):\/\/(?!@)/i, '$1://@');
    return ['-timeout', us, '-i', joined];
  }
  if (scheme === 'http' || scheme === 'https') return ['-rw_timeout', us, '-i', url];
  return ['-i', url];
}

/** ffprobe's JSON (`-show_streams -show_format`) as the facts the lists show. */
export function readProbe(json: string, now: number): ProbeResult {
  const out: ProbeResult = {
    ok: false,
    codec: null,
    resolution: null,
    bitrate: null,
    duration_s: null,
    probed_at: formatDateTime(now),
  };
  let parsed: {
    streams?: {
      codec_type?: string;
      codec_name?: string;
      width?: number;
      height?: number;
      bit_rate?: string;
    }[];
    format?: { bit_rate?: string; duration?: string };
  };
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ...out, error: 'ffprobe gave no readable answer' };
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const main = video ?? audio;
  if (!main) return { ...out, error: 'no audio or video stream' };
  const bitrate = Number(parsed.format?.bit_rate ?? main.bit_rate ?? '');
  const duration = Number(parsed.format?.duration ?? '');
  return {
    ...out,
    ok: true,
    codec: main.codec_name ?? null,
    resolution: video?.width && video.height ? `${video.width}x${video.height}` : null,
    bitrate: Number.isFinite(bitrate) && bitrate > 0 ? Math.round(bitrate) : null,
    duration_s: Number.isFinite(duration) && duration > 0 ? Math.round(duration) : null,
  };
}

/** Probes one stream or file; a stream that does not answer is a result with ok false, not an error. */
export async function probe(
  binary: string,
  url: string,
  now: () => number,
  timeoutS = 10,
): Promise<ProbeResult> {
  const r = await runFile(
    binary,
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', ...inputArgs(url, timeoutS)],
    { timeoutMs: (timeoutS + 5) * 1000 },
  );
  if (r.code !== 0) {
    const why = r.timedOut ? 'no answer in time' : (r.stderr.trim().split('\n').pop() ?? r.error ?? 'failed');
    return { ...readProbe('{}', now()), error: why.slice(0, 200) };
  }
  return readProbe(r.stdout, now());
}

/** Runs `fn` over `items`, at most `limit` at a time (DOMAIN: probes run 4 at a time). */
export async function eachLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
