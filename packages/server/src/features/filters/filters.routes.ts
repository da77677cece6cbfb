import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { filterLimits, filtersEndpoints as endpoints } from '@webmail/contracts';
import { AppError, validationError } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import type { DeliverySettingsService } from './delivery-settings.service.js';
import type { ChangeOrigin } from './filter-script.js';
import type { FiltersTransferService } from './filters-transfer.service.js';
import type { FiltersService } from './filters.service.js';
import type { InboxApplyService } from './inbox-apply.service.js';

const originOf = (request: FastifyRequest): ChangeOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** Settings › filters, forwarding targets, auto-reply and spam level (one Sieve script behind them all). */
export function filtersRoutes(services: {
  filters: FiltersService;
  transfer: FiltersTransferService;
  delivery: DeliverySettingsService;
  inbox: InboxApplyService;
}): FastifyPluginAsync {
  const { filters: service, transfer, delivery, inbox } = services;
  return async (app) => {
    // Files over the limit are read to their end and dropped, so the answer can name the field and the limit.
    await app.register(multipart, { throwFileSizeLimit: false });
    route(app, endpoints.list, async (request, _reply, { mail }) => service.list(mail));
    route(app, endpoints.create, async (request, reply, { mail }) =>
      reply.status(201).send(await service.create(mail, request.body, originOf(request))),
    );
    route(app, endpoints.update, async (request, _reply, { mail }) =>
      service.update(mail, request.params.id, request.body, originOf(request)),
    );
    route(app, endpoints.remove, async (request, reply, { mail }) => {
      await service.remove(mail, request.params.id, originOf(request));
      return reply.status(204).send(null);
    });
    route(app, endpoints.moveToBottom, async (request, _reply, { mail }) =>
      service.moveToBottom(mail, request.params.id, originOf(request)),
    );
    route(app, endpoints.massDelete, async (request, _reply, { mail }) => ({
      deleted: await service.massDelete(mail, request.body.ids, originOf(request)),
    }));
    route(app, endpoints.massToggle, async (request, _reply, { mail }) => ({
      changed: await service.massToggle(mail, request.body.disabled, request.body.ids, originOf(request)),
    }));
    route(app, endpoints.inboxMatches, async (request, _reply, { mail }) => ({
      count: await inbox.count(mail, request.params.id),
    }));
    route(app, endpoints.applyToInbox, async (request, _reply, { mail }) =>
      inbox.apply(mail, request.params.id),
    );
    transferRoutes(app, transfer);
    route(app, endpoints.takeOver, async (request, _reply, { mail }) =>
      service.takeOver(mail, originOf(request)),
    );
    deliveryRoutes(app, delivery);
  };
}

/** Import and export of the filters as Gmail's mailFilters.xml. */
function transferRoutes(app: FastifyInstance, transfer: FiltersTransferService): void {
  route(app, endpoints.importFilters, async (request, _reply, { mail }) =>
    transfer.importFilters(mail, await readImportFile(request), originOf(request)),
  );
  route(app, endpoints.exportFilters, async (request, reply, { mail }) => {
    const xml = await transfer.exportFilters(mail);
    return reply
      .headers({
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': 'attachment; filename="mailFilters.xml"',
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(xml);
  });
}

/** Forwarding targets, auto-reply and spam level: the delivery settings in the same Sieve script. */
function deliveryRoutes(app: FastifyInstance, delivery: DeliverySettingsService): void {
  route(app, endpoints.getTargets, async (request, _reply, { mail }) => ({
    targets: await delivery.targets(mail),
  }));
  route(app, endpoints.setTargets, async (request, _reply, { mail }) => ({
    targets: await delivery.setTargets(mail, request.body.targets, originOf(request)),
  }));
  route(app, endpoints.getAutoreply, async (request, _reply, { mail }) => delivery.autoreply(mail));
  route(app, endpoints.setAutoreply, async (request, _reply, { mail }) =>
    delivery.setAutoreply(mail, request.body),
  );
  route(app, endpoints.getSpamLevel, async (request, _reply, { mail }) => delivery.spamLevel(mail));
  route(app, endpoints.setSpamLevel, async (request, _reply, { mail }) =>
    delivery.setSpamLevel(mail, request.body.spamLevel),
  );
}

/** The multipart file `filtersImport` as text: 413 over the limit, 422 when it is missing. */
async function readImportFile(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    throw validationError({
      filtersImport: [{ code: 'required', message: 'Send the file as multipart/form-data' }],
    });
  }
  const max = filterLimits.importMaxBytes;
  let data: Buffer | null = null;
  let tooLarge = false;
  for await (const part of request.parts({ limits: { fileSize: max + 1, files: 1, fields: 5 } })) {
    if (part.type !== 'file') continue;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    }
    if (part.fieldname !== 'filtersImport') continue;
    if (size > max || part.file.truncated) tooLarge = true;
    else data = Buffer.concat(chunks);
  }
  if (tooLarge) {
    const message = `The file is larger than ${max} bytes`;
    throw new AppError('PayloadTooLarge', 413, message, { filtersImport: [message] }, undefined, {
      fieldErrors: { filtersImport: [{ code: 'tooBig', params: { max } }] },
    });
  }
  if (!data || data.length === 0) {
    throw validationError({ filtersImport: [{ code: 'required', message: 'No file was sent' }] });
  }
  return data.toString('utf8');
}
