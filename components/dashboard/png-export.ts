import type { ChartSpec } from './figure';
import { chartSvg } from './static-svg';

/** Export width in CSS pixels, drawn at twice the density: sharp on a slide or in a document. */
const EXPORT_WIDTH = 1000;
const SCALE = 2;

/**
 * A chart as a PNG (browser only): the chart drawn once as SVG (static-svg.ts, the same drawing
 * as the print view), rasterised through an <img> onto a canvas with a white background (a
 * transparent PNG reads badly on dark slides), `title` above it so the image says what it shows.
 */
export async function chartPng(spec: ChartSpec, title: string): Promise<Blob> {
  const { svg, width, height } = chartSvg(spec, EXPORT_WIDTH);
  const image = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
  const head = 40;
  const canvas = document.createElement('canvas');
  canvas.width = width * SCALE;
  canvas.height = (height + head) * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the image.');
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(0, 0, width, height + head);
  ctx.fillStyle = '#0F172A';
  ctx.font = '600 16px system-ui, sans-serif';
  ctx.fillText(title, 12, 26, width - 24);
  ctx.drawImage(image, 0, head, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be encoded.'))), 'image/png'),
  );
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
    img.src = src;
  });
}
