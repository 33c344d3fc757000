/**
 * Small, valid media files built in code for the reference tools, prompts and resources: a PNG (solid colour,
 * truecolour, one IDAT) and a WAV (16-bit mono PCM sine tone). Built from bytes rather than pasted as opaque base64,
 * so what they contain is readable here and checked by `media.test.ts`.
 */
import { concatBytes, crc32, toBase64, uint32BE, utf8, zlibStored } from '../portable/portable-bytes.ts';

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concatBytes(utf8(type), data);
  return concatBytes(uint32BE(data.length), typed, uint32BE(crc32(typed)));
}

/** A `width` x `height` PNG filled with one RGB colour (8-bit truecolour, no filter, no interlace). */
export function solidPng(width: number, height: number, rgb: readonly [number, number, number]): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  // bytes 10-12: compression 0, filter 0, interlace 0
  const row = new Uint8Array(1 + width * 3); // filter byte 0, then RGB triples
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = concatBytes(...Array.from({ length: height }, () => row));
  return concatBytes(
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlibStored(pixels)),
    pngChunk('IEND', new Uint8Array(0)),
  );
}

/** A mono 16-bit PCM WAV of a sine tone: `ms` milliseconds of `hz` at `sampleRate`, half amplitude. */
export function sineWav(hz: number, ms: number, sampleRate = 8000): Uint8Array {
  const samples = Math.round((sampleRate * ms) / 1000);
  const wav = new Uint8Array(44 + samples * 2);
  const view = new DataView(wav.buffer);
  for (let i = 0; i < samples; i++) {
    view.setInt16(44 + i * 2, Math.round(0.5 * 32767 * Math.sin((2 * Math.PI * hz * i) / sampleRate)), true);
  }
  wav.set(utf8('RIFF'), 0);
  view.setUint32(4, 36 + samples * 2, true);
  wav.set(utf8('WAVE'), 8);
  wav.set(utf8('fmt '), 12);
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  wav.set(utf8('data'), 36);
  view.setUint32(40, samples * 2, true);
  return wav;
}

/** 16 x 16 red square (base64), the image of every reference tool, prompt and resource. */
export const RED_SQUARE_PNG = toBase64(solidPng(16, 16, [220, 38, 38]));

/** 200 ms of A4 (440 Hz) at 8 kHz (base64), the audio of `test_audio_content`. */
export const A4_TONE_WAV = toBase64(sineWav(440, 200));
