/**
 * The SDP offer of a GB28181 live play (GB/T 28181 appendix F): the media server's RTP port as the
 * receiving end, PS over RTP (and the H.264/MPEG-4 alternatives devices may pick), and the `y=`
 * line carrying the SSRC the media server expects. `s=Play` asks for live video.
 */
export function playOffer(p: {
  channelId: string;
  mediaIp: string;
  rtpPort: number;
  ssrc: string;
  tcp: boolean;
}): string {
  const lines = [
    'v=0',
    `o=${p.channelId} 0 0 IN IP4 ${p.mediaIp}`,
    's=Play',
    `c=IN IP4 ${p.mediaIp}`,
    't=0 0',
    `m=video ${p.rtpPort} ${p.tcp ? 'TCP/RTP/AVP' : 'RTP/AVP'} 96 97 98`,
    'a=recvonly',
    'a=rtpmap:96 PS/90000',
    'a=rtpmap:97 MPEG4/90000',
    'a=rtpmap:98 H264/90000',
    ...(p.tcp ? ['a=setup:passive', 'a=connection:new'] : []),
    `y=${p.ssrc}`,
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A live SSRC (GB/T 28181 appendix F): 0 for live, the 5 digits of the domain's province/city
 * part (domain digits 4–8), and a 4-digit sequence: 10 digits in all.
 */
export function liveSsrc(domain: string, seq: number): string {
  const mid = (domain.slice(3, 8) || '00000').padEnd(5, '0');
  return `0${mid}${String(seq % 10_000).padStart(4, '0')}`;
}
