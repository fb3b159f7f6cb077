/**
 * The GB28181 PTZCmd (GB/T 28181 appendix A.3): 8 bytes as 16 hex digits — A5, 0F (version and
 * check nibble as every implementation sends them), 01 (address), the command byte, the pan speed,
 * the tilt speed, the zoom speed in the high nibble, and the checksum (the sum of bytes 1–7 mod 256).
 */

/** Command byte bits: right 01, left 02, down 04, up 08, zoom in 10, zoom out 20. */
export const PTZ_COMMANDS = {
  stop: 0x00,
  right: 0x01,
  left: 0x02,
  down: 0x04,
  up: 0x08,
  downright: 0x05,
  downleft: 0x06,
  upright: 0x09,
  upleft: 0x0a,
  zoomin: 0x10,
  zoomout: 0x20,
} as const;

export type PtzCommand = keyof typeof PTZ_COMMANDS;

/** The PTZCmd value for a command at a speed (0–255; the zoom uses its high nibble). */
export function ptzCmd(command: PtzCommand, speed: number): string {
  const code = PTZ_COMMANDS[command];
  const s = command === 'stop' ? 0 : Math.max(0, Math.min(255, Math.trunc(speed)));
  const zoomNibble = command === 'stop' ? 0 : Math.max(1, s >> 4); // a zoom at speed 0 would not move
  const bytes = [0xa5, 0x0f, 0x01, code, s, s, zoomNibble << 4];
  const sum = bytes.reduce((a, b) => a + b, 0) % 256;
  return [...bytes, sum].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
}
