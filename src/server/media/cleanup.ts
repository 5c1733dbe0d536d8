import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FileOwner } from './media-files-repo';
import type { MediaService } from './media-service';

/**
 * The catalogue routes that drop a reference to a stored image, and which row's image they drop.
 * (A song delete removes its audio through the songs module's afterDelete hook instead.)
 */
const WATCHED: Readonly<Record<string, FileOwner>> = {
  'PUT /api/artists/:id': 'artist',
  'DELETE /api/artists/:id': 'artist',
  'PUT /api/albums/:id': 'album',
  'DELETE /api/albums/:id': 'album',
  'PUT /api/banners/:id': 'banner',
  'DELETE /api/banners/:id': 'banner',
};

/**
 * Removes the stored image an artist, album or banner update or delete leaves unused, after the database
 * commit: the file a row points at is noted before the handler runs, and once the answer has gone
 * out successfully, a file the row no longer points at is discarded (only if the server stored it
 * and nothing else refers to it). Registered before the catalogue routes so it applies to them
 * without a line in their code.
 */
export function registerMediaCleanup(app: FastifyInstance, media: MediaService): void {
  const noted = new WeakMap<FastifyRequest, { owner: FileOwner; id: number; url: string }>();

  app.addHook('preHandler', async (request) => {
    const owner = WATCHED[`${request.method} ${request.routeOptions.url}`];
    const id = Number((request.params as { id?: unknown } | undefined)?.id);
    if (!owner || !Number.isSafeInteger(id)) return;
    const url = await media.files.fileOf(owner, id);
    if (url) noted.set(request, { owner, id, url });
  });

  app.addHook('onResponse', async (request, reply) => {
    const before = noted.get(request);
    if (!before || reply.statusCode >= 300) return;
    const now = await media.files.fileOf(before.owner, before.id).catch(() => before.url);
    if (now !== before.url) await media.discard(before.url, request.log);
  });
}
