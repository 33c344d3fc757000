import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { A4_TONE_WAV, RED_SQUARE_PNG, sineWav, solidPng } from './media.ts';

interface Chunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

function pngChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const typed = png.subarray(at + 4, at + 8 + length);
    const crc = png.readUInt32BE(at + 8 + length);
    chunks.push({ type: typed.subarray(0, 4).toString('ascii'), data: typed.subarray(4), crcOk: crc32(typed) === crc });
    at += 12 + length;
  }
  return chunks;
}

describe('solidPng', () => {
  it('writes a PNG signature, IHDR, IDAT and IEND with valid CRCs when asked for a 3 x 2 blue image', () => {
    const png = Buffer.from(solidPng(3, 2, [0, 0, 255]));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks = pngChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    const ihdr = chunks[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([3, 2, 8, 2]);
  });

  it('fills every pixel of every row with the colour when decoded', () => {
    const idat = pngChunks(Buffer.from(solidPng(3, 2, [10, 20, 30]))).find((c) => c.type === 'IDAT')!;
    const raw = inflateSync(idat.data);
    expect([...raw]).toEqual([0, 10, 20, 30, 10, 20, 30, 10, 20, 30, 0, 10, 20, 30, 10, 20, 30, 10, 20, 30]);
  });

  it('exports the 16 x 16 red square as base64 of such a PNG', () => {
    const ihdr = pngChunks(Buffer.from(RED_SQUARE_PNG, 'base64'))[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)]).toEqual([16, 16]);
  });
});

describe('sineWav', () => {
  it('writes a RIFF/WAVE header for 16-bit mono PCM with the data size of the duration', () => {
    const wav = Buffer.from(sineWav(440, 100, 8000));
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(800 * 2);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  });

  it('starts the tone at zero and reaches about half amplitude a quarter period later', () => {
    const wav = Buffer.from(sineWav(1000, 10, 8000)); // 8 samples per period
    expect(wav.readInt16LE(44)).toBe(0);
    expect(wav.readInt16LE(44 + 2 * 2)).toBe(Math.round(0.5 * 32767));
  });

  it('exports 200 ms of 440 Hz at 8 kHz as base64', () => {
    const wav = Buffer.from(A4_TONE_WAV, 'base64');
    expect(wav.readUInt32LE(40)).toBe(1600 * 2);
  });
});
