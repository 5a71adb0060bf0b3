import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers over 1 KB (brotli at the plugin's fast quality 4, else gzip). Event streams are
 * left alone: their content type is not on the plugin's list and they are written after a
 * hijack, so every frame leaves at once. Static files arrive already compressed (spa.ts).
 */
export async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
