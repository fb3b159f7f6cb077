/** The refused reply the request layer put in the /406 query (code, msg and data as JSON). */
export interface RefusedReply {
  code: string;
  msg: string;
  data: unknown;
}

export function readRefusedReply(params: URLSearchParams): RefusedReply {
  const raw = params.get('data');
  let data: unknown = raw;
  if (raw !== null) {
    try {
      data = JSON.parse(raw);
    } catch {
      data = raw; // not JSON: show it as written
    }
  }
  return { code: params.get('code') ?? '', msg: params.get('msg') ?? '', data };
}
